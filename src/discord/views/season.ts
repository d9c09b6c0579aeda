/**
 * /hearts season: the server's season table as a message (an embed with its lines, and the
 * picture when pictures can be drawn), in the reader's language.
 */
import { messages, type Locale } from "../../i18n/index.js";
import type { Images } from "../../render/runtime/images.js";
import type { SeasonPictureInput } from "../../render/index.js";
import { MAX_ROWS, percentText } from "../../render/ranked.js";
import type { SeasonView } from "../../table/tournament/season.js";
import type { OutMessage } from "../interactions/message.js";
import { COLOUR } from "./components.js";

/** Lines of the table in the embed (the picture shows up to MAX_ROWS). */
const TEXT_ROWS = 15;
const at = (d: Date) => `<t:${Math.floor(d.getTime() / 1000)}:F>`;

export function seasonPicture(s: SeasonView, locale: Locale): SeasonPictureInput {
  const w = messages(locale).season;
  return {
    title: w.title({ name: s.name, number: s.number }),
    subtitle: w.subtitle({ done: s.nightsDone, nights: s.nights }),
    columns: { player: w.colPlayer, percent: w.colPercent, nights: w.colNights },
    waiting: { tag: w.waitingTag, legend: w.waitingLegend({ min: s.minNights }) },
    rows: s.lines.map((l) => ({ place: l.place, name: l.name, percent: l.percent, nights: l.nights })),
    more: s.lines.length > MAX_ROWS ? w.more({ n: s.lines.length - MAX_ROWS }) : null,
    locale,
  };
}

export function seasonMessage(s: SeasonView, locale: Locale, images: Images): OutMessage {
  const w = messages(locale).season;
  const pct = (p: number) => percentText(p, locale);
  const ranked = s.lines.filter((l) => l.place !== null);
  const waiting = s.lines.filter((l) => l.place === null);
  const lines = [w.progress({ done: s.nightsDone, nights: s.nights }), s.ended ? w.over : s.next ? w.next({ at: at(s.next) }) : ""];
  lines.push(w.how({ min: s.minNights }), "");
  if (!s.lines.length) lines.push(w.empty);
  lines.push(
    ...ranked.slice(0, TEXT_ROWS).map((l) => w.line({ place: l.place!, name: l.name, percent: pct(l.percent), nights: l.nights })),
  );
  if (ranked.length > TEXT_ROWS) lines.push(w.more({ n: ranked.length - TEXT_ROWS }));
  if (waiting.length) {
    lines.push("", w.waitingHead({ min: s.minNights }));
    lines.push(...waiting.slice(0, TEXT_ROWS).map((l) => w.waitingLine({ name: l.name, percent: pct(l.percent), nights: l.nights })));
    if (waiting.length > TEXT_ROWS) lines.push(w.more({ n: waiting.length - TEXT_ROWS }));
  }
  const embed: NonNullable<OutMessage["embeds"]>[number] = {
    title: w.title({ name: s.name, number: s.number }),
    description: lines.filter((l, i) => l !== "" || i > 1).join("\n"),
    color: s.ended ? COLOUR.closed : COLOUR.tournament,
  };
  const files = [];
  const png = s.lines.length ? images.season(seasonPicture(s, locale)) : null;
  if (png) {
    files.push({ name: "season.png", data: png });
    embed.image = { url: "attachment://season.png" };
  }
  return { embeds: [embed], files, components: [] };
}
