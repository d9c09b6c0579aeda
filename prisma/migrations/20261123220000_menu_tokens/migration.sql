-- CreateTable
CREATE TABLE "MenuToken" (
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "shownAt" DATETIME NOT NULL,

    PRIMARY KEY ("tableId", "userId"),
    CONSTRAINT "MenuToken_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "HeartsTable" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

