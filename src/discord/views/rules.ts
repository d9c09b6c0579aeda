/** The table's rules, as /hearts rules and the Rules button show them (with the preset menu for the host). */
import { ComponentType } from "discord.js";
import { PRESETS } from "../../game/index.js";
import { messages, type Messages } from "../../i18n/index.js";
import { rulesWords } from "../../table/rules-words.js";
import type { TableView } from "../../table/types.js";
import { encodeId } from "../interactions/ids.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR, row, type Row } from "./components.js";

/** The table's rules, for whoever asked (in their language, `m`): the words the Activity's Rules panel says too. */
export function rulesMessage(table: TableView, canChange: boolean, m: Messages = messages()): OutMessage {
  const w = rulesWords(table.record, m);
  const lines = [
    m.table.rulesHead({ title: w.title, preset: w.preset, description: w.description }),
    w.options.length ? m.table.options({ list: w.options.map((d) => `\`${d}\``).join(", ") }) : m.table.optionsDefault,
    w.settings,
  ];
  const components: Row[] = [];
  if (canChange) {
    lines.push(m.table.hostMayChange);
    components.push(
      row({
        type: ComponentType.StringSelect,
        custom_id: encodeId({ verb: "preset", tableId: table.record.id }),
        placeholder: m.table.presetPlaceholder,
        min_values: 1,
        max_values: 1,
        options: PRESETS.map((p) => ({
          label: m.presets.title({ name: p.name }).slice(0, 100),
          value: p.name,
          description: m.presets.description({ name: p.name }).slice(0, 100),
          default: p.name === w.preset,
        })),
      }),
    );
  }
  return { embeds: [{ title: m.table.rulesTitle, description: lines.join("\n\n"), color: COLOUR.brand }], components };
}
