/**
 * The renderer's public API: synchronous functions that turn engine state into PNG buffers
 * (800 px wide) for discord.js attachments. Fonts are registered on import.
 */
export type { PlayerLabel, RenderOptions } from "./types.js";
export { renderTrick, renderTable, type TrickInput, type TableInput } from "./table.js";
export { renderHand, type HandInput } from "./hand.js";
export { renderDailyBoard, type DailyBoardInput, type DailyBoardRow } from "./daily.js";
export {
  renderHandSummary,
  renderGameOver,
  renderLeaderboard,
  type HandSummaryInput,
  type GameOverInput,
  type LeaderboardInput,
  type LeaderboardRow,
} from "./scores.js";
export {
  renderTournamentStandings,
  renderTournamentPodium,
  type TournamentRow,
  type TournamentStandingsInput,
  type TournamentPodiumInput,
} from "./tournament.js";
export { renderSeason, type SeasonPictureInput } from "./season.js";
