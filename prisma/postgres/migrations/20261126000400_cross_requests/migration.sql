-- CreateTable
CREATE TABLE "CrossRequest" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CrossRequest_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CrossCursor" (
    "shard" TEXT NOT NULL,
    "lastId" INTEGER NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CrossCursor_pkey" PRIMARY KEY ("shard")
);

-- CreateIndex
CREATE INDEX "CrossRequest_createdAt_idx" ON "CrossRequest"("createdAt");
