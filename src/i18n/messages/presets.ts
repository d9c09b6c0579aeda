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

const FR: Record<string, [string, string]> = {
  classic: [
    "Classique",
    "La Dame de pique classique : passe à gauche/droite/en face/sans passe, le 2♣ entame, ♥ 1, Dame de pique 13, lune +26 aux autres, partie en 100.",
  ],
  omnibus: ["Omnibus", "Classique, plus le V♦ qui vaut −10 pour qui le prend."],
  "black-maria": [
    "Black Maria",
    "D♠ 13, R♠ 10, A♠ 7 ; on passe toujours à droite ; le joueur à gauche du donneur entame ; on peut entamer à cœur à tout moment ; pas de lune.",
  ],
  "spot-hearts": ["Cœurs à valeur faciale", "Les cœurs valent leur valeur (2–10, V 11, D 12, R 13, A 14)."],
  "hearts-2.0": [
    "Hearts 2.0",
    "Les règles de Hearts 2.0 : la D♠ d'abord quand le pli 1 ne laisse que des points ; les bonus se retirent du total, jamais sous 0.",
  ],
  "hearts-2.0-full": [
    "Hearts 2.0, toutes options",
    "Hearts 2.0 avec Omnibus (V♦ −10, nécessaire pour la lune), Aucun pli −5, Nouvelle lune (dès 26), 100 pile, Pas d'égalité, la D♠ ouvre les cœurs.",
  ],
  skelly: [
    "Hearts de Skelly",
    "La D♠ ouvre les cœurs, V♦ −10, le tireur choisit la lune, Tirer le soleil −24, fin au-delà de 100, 100 pile gagne.",
  ],
  "rusty-hearts": ["RustyHearts", "Les réglages par défaut de RustyHearts (règles classiques)."],
  mobile: ["Hearts mobile", "Classique, mais un joueur qui n'a que des cœurs et la D♠ peut entamer à cœur."],
  bga: [
    "Board Game Arena",
    "Compte à rebours BGA : on part de 100, les points sont soustraits, la partie finit à 0 et le plus haut total gagne.",
  ],
};

/** @public Read through the catalogue's area table (src/i18n/index.ts). */
export const fr: typeof en = {
  title: (v) => FR[v.name]?.[0] ?? en.title(v),
  description: (v) => FR[v.name]?.[1] ?? en.description(v),
};
