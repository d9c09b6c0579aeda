/**
 * The rules presets' titles and descriptions (their names, such as `omnibus`, are codes and stay
 * as typed). English is the rules table's own (src/game/rules.ts's PRESETS); a preset missing from
 * a translation falls back to it.
 */
import { PRESETS } from "../../game/presets.js";

const english = (name: string) => PRESETS.find((p) => p.name === name);

export const en = {
  title: (v: { name: string }): string => english(v.name)?.title ?? v.name,
  description: (v: { name: string }): string => english(v.name)?.description ?? v.name,
};
