-- CreateTable
CREATE TABLE "PlayerPrefs" (
    "userId" TEXT NOT NULL PRIMARY KEY,
    "fourColour" BOOLEAN,
    "largeIndex" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" DATETIME NOT NULL
);

