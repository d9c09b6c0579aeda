/** Colours and sizes shared by every image, so the pictures of one game look like one set. */
export const WIDTH = 800;

export const COLORS = {
  page: "#15191c",
  felt: "#1c6b45",
  feltDark: "#145436",
  rail: "#0d3524",
  railLight: "#2b8a5c",
  panel: "rgba(0, 0, 0, 0.30)",
  panelSolid: "#1f2428",
  panelAlt: "#262c31",
  text: "#f4f4f0",
  textDim: "#b7c3bc",
  textMute: "#86938c",
  gold: "#f3c746",
  goldDark: "#b68d1c",
  red: "#e5484d",
  heartPill: "#c9303a",
  green: "#3fbf7f",
  bot: "#5865f2",
  grid: "rgba(255, 255, 255, 0.08)",
  cardFace: "#fcfcf8",
  cardEdge: "#b9b9ae",
} as const;

/** One colour per seat, used for the seat dot, the chart lines and the legend. */
export const SEAT_COLORS = ["#57b8ff", "#ffb347", "#f27fb8", "#a8e05f"] as const;

/** Suit ink: clubs, diamonds, spades, hearts (the engine's suit order). */
export const SUIT_INK = ["#1d1d1f", "#d11f2f", "#1d1d1f", "#d11f2f"] as const;
/** The four-colour deck: clubs green, diamonds blue. */
export const SUIT_INK_4 = ["#16833a", "#1b5fc9", "#1d1d1f", "#d11f2f"] as const;
