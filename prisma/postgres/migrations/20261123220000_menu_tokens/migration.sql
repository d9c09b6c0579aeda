-- CreateTable
CREATE TABLE "MenuToken" (
    "tableId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "appId" TEXT NOT NULL,
    "token" TEXT NOT NULL,
    "shownAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MenuToken_pkey" PRIMARY KEY ("tableId","userId")
);

-- AddForeignKey
ALTER TABLE "MenuToken" ADD CONSTRAINT "MenuToken_tableId_fkey" FOREIGN KEY ("tableId") REFERENCES "HeartsTable"("id") ON DELETE CASCADE ON UPDATE CASCADE;

