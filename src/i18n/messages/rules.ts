/**
 * Why a rules spec was refused: one sentence per code of the rules table's RulesProblem
 * (src/game/rules.ts). Option names, values and preset names are codes and stay as typed.
 */
type P = {
  key?: string;
  options?: string;
  choices?: string;
  min?: number;
  max?: number;
  expected?: string;
  preset?: string;
  presets?: string;
  part?: string;
};

export const en = {
  "not-an-object": "Rules must be an object of options.",
  "unknown-option": (v: P) => `Unknown option “${v.key}”. Options: ${v.options}.`,
  missing: (v: P) => `${v.key} is missing.`,
  choice: (v: P) => `${v.key} must be one of: ${v.choices}.`,
  flag: (v: P) => `${v.key} must be true or false.`,
  integer: (v: P) => `${v.key} must be a whole number from ${v.min} to ${v.max}.`,
  "integer-or-off": (v: P) => `${v.key} must be ${v.expected}.`,
  "unknown-preset": (v: P) => `Unknown rules preset “${v.preset}”. Presets: ${v.presets}.`,
  "not-key-value": (v: P) => `“${v.part}” is not key=value.`,
};
