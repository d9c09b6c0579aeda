-- CreateTable
CREATE TABLE "PlayerPrefs" (
    "userId" TEXT NOT NULL,
    "fourColour" BOOLEAN,
    "largeIndex" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PlayerPrefs_pkey" PRIMARY KEY ("userId")
);
