-- CreateIndex
CREATE INDEX "HeartsTable_status_updatedAt_idx" ON "HeartsTable"("status", "updatedAt");
