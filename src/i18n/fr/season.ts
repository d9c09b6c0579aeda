/** French: seasons (see ../messages/season.ts). */
import type { en as seasonEn } from "../messages/season.js";

const nuits = (n: number) => `${n} soirée${n > 1 ? "s" : ""}`;

/** @public Read through src/i18n/languages.ts. */
export const season: typeof seasonEn = {
  badNights: (p) => `Une saison compte de ${p.min} à ${p.max} soirées.`,
  badDates: "Les dates d'une saison se suivent, chacune à moins de 30 jours de la précédente.",
  badMinNights: (p) => `Le nombre de soirées pour être classé va de 1 à ${p.max} (les soirées de la saison).`,
  badRepeat:
    "Je ne comprends pas : écrivez `weekly` (chaque semaine, au jour et à l'heure du début), ou les dates des soirées suivantes séparées par des virgules, comme `2026-12-10 20:00, 2026-12-17 20:00` (UTC).",
  notAdmin: "Seules les personnes qui peuvent gérer le serveur remettent à zéro le classement de la saison.",
  none: "Ce serveur n'a pas encore de saison : `/hearts tournament create` avec `repeat` en prévoit une.",
  planned: (p) =>
    `**${p.name}** est prévu dans ${p.link}, pour une saison de ${nuits(p.nights)} : l'inscription et l'événement de chaque soirée arrivent à la fin de la précédente. Le classement de la saison (\`/hearts season\`) compte chacun à partir de ${nuits(p.minNights)} jouée${p.minNights > 1 ? "s" : ""}.`,
  title: (p) => `🏆 ${p.name}, saison ${p.number}`,
  progress: (p) => `Soirées jouées : ${p.done} sur ${p.nights}.`,
  next: (p) => `Prochaine soirée : ${p.at}.`,
  over: "La saison est terminée : voici son classement final.",
  how: (p) => `Le score de saison de chacun est la moyenne des pourcentages de ses soirées ; classé à partir de ${nuits(p.min)}.`,
  line: (p) => `**${p.place}.** ${p.name} : ${p.percent} (${nuits(p.nights)})`,
  waitingHead: (p) => `Pas encore classés (moins de ${nuits(p.min)}) :`,
  waitingLine: (p) => `${p.name} : ${p.percent} (${nuits(p.nights)})`,
  empty: "Aucune soirée n'a encore été comptée.",
  more: (p) => `et ${p.n} de plus`,
  resetDone: (p) =>
    `Le classement de **${p.name}**, saison ${p.number}, repart de zéro (${p.cleared} résultat${p.cleared > 1 ? "s" : ""} de soirée effacé${p.cleared > 1 ? "s" : ""}) ; les soirées encore prévues comptent à nouveau.`,
  command: "La saison du serveur : chaque soirée d'un tournoi qui revient, dans un classement",
  commandReset: "Gérer le serveur : remettre à zéro le classement de la saison",
  repeat: "Une saison : `weekly` (chaque semaine), ou les dates UTC des soirées suivantes, avec des virgules",
  nightsOption: "Les soirées d'une saison hebdomadaire, la première comprise (8 par défaut)",
  minNightsOption: "Soirées à jouer pour être classé dans la saison (3 par défaut)",
  colPlayer: "Joueur",
  colPercent: "Saison",
  colNights: "Soirées",
  subtitle: (p) => `après la soirée ${p.done} sur ${p.nights}`,
  waitingTag: "pas encore classé",
  waitingLegend: (p) => `moins de ${nuits(p.min)} jouée${p.min > 1 ? "s" : ""}`,
};
