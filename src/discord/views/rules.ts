/** The table's rules, as /hearts rules and the Rules button show them (with the preset menu for the host). */
import { ComponentType } from "discord.js";
import { PRESETS, describeRules } from "../../game/index.js";
import { messages, type Messages } from "../../i18n/index.js";
import { presetOf } from "../../table/options.js";
import type { TableView } from "../../table/types.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, row, type Row } from "./components.js";
import { playedCardsRule } from "./played-cards.js";
import { goal, rulesTitle, timerText } from "./wording.js";

/** The table's rules, for whoever asked (in their language, `m`). */
export function rulesMessage(table: TableView, canChange: boolean, m: Messages = messages()): OutMessage {
  const { record } = table;
  const r = record.rules;
  const differs = describeRules(r);
  const preset = presetOf(r);
  const st = record.settings;
  const lines = [
    m.table.rulesHead({
      title: rulesTitle(r, m),
      preset,
      description: preset ? m.presets.description({ name: preset }) : m.table.presetChanged,
    }),
    differs.length ? m.table.options({ list: differs.map((d) => `\`${d}\``).join(", ") }) : m.table.optionsDefault,
    m.table.rulesLine({
      goal: goal(r, m),
      timer: timerText(record, m),
      bots: st.fillWithBots ? m.table.botsFill({ level: m.lobby.level({ level: st.botLevel }) }) : m.table.botsAdded,
      images: st.trickImages === "tricks" ? m.table.imagesTricks : m.table.imagesHands,
      hints: st.hintsAllowed ? m.table.hintsOn : m.table.hintsOff,
    }) + ` ${playedCardsRule(st, m)}`,
  ];
  const components: Row[] = [];
  if (canChange) {
    lines.push(m.table.hostMayChange);
    components.push(
      row({
        type: ComponentType.StringSelect,
        custom_id: encodeId({ verb: "preset", tableId: record.id }),
        placeholder: m.table.presetPlaceholder,
        min_values: 1,
        max_values: 1,
        options: PRESETS.map((p) => ({
          label: m.presets.title({ name: p.name }).slice(0, 100),
          value: p.name,
          description: m.presets.description({ name: p.name }).slice(0, 100),
          default: p.name === preset,
        })),
      }),
    );
  }
  return { embeds: [{ title: m.table.rulesTitle, description: lines.join("\n\n"), color: COLOUR.brand }], components };
}
