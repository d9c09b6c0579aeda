/**
 * Suggestions while typing a rules spec: presets first, then option names, then an option's values,
 * completing the last comma-separated part of what is typed. Presets are described in the typist's
 * language; option names, values and their help are the rules table's (codes, in English). And the
 * server's planned tournaments, for the tournament commands' `name`.
 */
import type { AutocompleteInteraction } from "discord.js";
import { OPTION_INFO, PRESETS } from "../../game/index.js";
import { localeOf, messages, type Messages } from "../../i18n/index.js";
import type { Tournaments } from "../../table/tournament/api.js";

export function ruleSuggestions(typed: string, m: Messages = messages()): { name: string; value: string }[] {
  const parts = typed.split(",");
  const last = parts.pop()!.trim().toLowerCase();
  const head = parts.map((p) => p.trim()).filter(Boolean);
  const prefix = head.length ? `${head.join(",")},` : "";
  const out: { name: string; value: string }[] = [];
  const push = (value: string, label: string) => {
    if (value.length <= 100 && out.length < 25) out.push({ name: label.slice(0, 100), value });
  };
  const eq = last.indexOf("=");
  if (eq >= 0) {
    const key = last.slice(0, eq);
    const info = OPTION_INFO.find((o) => o.key.toLowerCase() === key);
    if (!info) return [];
    const partial = last.slice(eq + 1);
    const values = info.values.includes("|")
      ? info.values.split("|").map((v) => v.trim())
      : ["true", "false"].filter(() => info.values.includes("true"));
    for (const v of values.filter((v) => v.startsWith(partial))) push(`${prefix}${info.key}=${v}`, `${prefix}${info.key}=${v}`);
    if (!out.length) push(`${prefix}${last}`, `${prefix}${last} — ${info.values}`);
    return out;
  }
  const title = (name: string) => m.presets.title({ name });
  if (!head.length)
    for (const p of PRESETS.filter((p) => p.name.startsWith(last) || title(p.name).toLowerCase().includes(last)))
      push(p.name, `${title(p.name)} — ${m.presets.description({ name: p.name })}`);
  for (const o of OPTION_INFO.filter((o) => o.key.toLowerCase().startsWith(last)))
    push(`${prefix}${o.key}=`, `${prefix}${o.key}= (${o.values}) ${o.help}`);
  return out;
}

/** The server's planned tournaments whose name has what is typed (/hearts tournament show, start, cancel, remove). */
async function tournamentSuggestions(typed: string, guildId: string | null, tournaments: Pick<Tournaments, "planned">) {
  if (!guildId) return [];
  const part = typed.trim().toLowerCase();
  return (await tournaments.planned(guildId))
    .filter((t) => t.name.toLowerCase().includes(part))
    .slice(0, 25)
    .map((t) => ({ name: t.name, value: t.name }));
}

export async function handleAutocomplete(i: AutocompleteInteraction, tournaments: Pick<Tournaments, "planned">): Promise<void> {
  const focused = i.options.getFocused(true);
  const typed = String(focused.value);
  const choices =
    focused.name === "rules" || focused.name === "set"
      ? ruleSuggestions(typed, messages(localeOf(i.locale)))
      : focused.name === "name" && i.options.getSubcommandGroup(false) === "tournament"
        ? await tournamentSuggestions(typed, i.guildId, tournaments)
        : [];
  await i.respond(choices);
}
