/**
 * The pieces every surface is built from, defined once: the colours of its embeds, a button, a row.
 */
import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIButtonComponent,
  type APIComponentInMessageActionRow,
} from "discord.js";

/** Embed colours: the brand's red for the table and its answers, grey once closed, the daily's green, the review's blue, a tournament's gold. */
export const COLOUR = {
  brand: 0xc0392b,
  closed: 0x5a5f63,
  daily: 0x2e8b57,
  review: 0x2e86c1,
  tournament: 0xd4a017,
} as const;

export type Row = APIActionRowComponent<APIComponentInMessageActionRow>;

export const button = (
  custom_id: string,
  label: string,
  style: ButtonStyle = ButtonStyle.Secondary,
  disabled = false,
): APIButtonComponent => ({
  type: ComponentType.Button,
  custom_id,
  label,
  style: style as ButtonStyle.Secondary,
  disabled,
});

export const row = (...components: APIComponentInMessageActionRow[]): Row => ({ type: ComponentType.ActionRow, components });
