-- AlterTable
ALTER TABLE "ComputedCache" ADD COLUMN "userId" TEXT;

-- CreateIndex
CREATE INDEX "ComputedCache_kind_userId_idx" ON "ComputedCache"("kind", "userId");

-- Reviews stored before: their person is the key's part after "|" (table:<id>|<user>, daily:<server>:<day>|<user>).
UPDATE "ComputedCache" SET "userId" = substr("key", instr("key", '|') + 1) WHERE "kind" = 'review' AND instr("key", '|') > 0;
