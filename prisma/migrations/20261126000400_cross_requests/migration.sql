-- CreateTable
CREATE TABLE "CrossRequest" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CrossCursor" (
    "shard" TEXT NOT NULL PRIMARY KEY,
    "lastId" INTEGER NOT NULL,
    "updatedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "CrossRequest_createdAt_idx" ON "CrossRequest"("createdAt");
