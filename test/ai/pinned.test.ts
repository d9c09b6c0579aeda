/**
 * Speed work on the hard player (issue 17) must not change what it decides: the search with a
 * fixed number of worlds and no time limit, the playout policy given the same seed and world, and
 * medium with a fixed number of worlds. The fingerprints below were recorded with the code as it
 * was before that work (test/ai/pinned.ts says what each one covers); a change of behaviour, even
 * in the last bit of one candidate's mean, fails here. The one deliberate change since (weighing worlds by
 * signs of where Q♠ is) is listed apart, in PLAY_WITH_QUEEN_SIGN; issue 42's (medium's last
 * tricks solved) in MEDIUM_WITH_ENDGAME, and its search trusted more in MEDIUM_TRUSTING_SEARCH. The hard searches are pinned with every world played out.
 */
import { describe, expect, it } from "vitest";
import { MEDIUM_ENDGAME_CARDS } from "../../src/ai/levels.js";
import { knowledgeOf } from "../../src/ai/knowledge.js";
import { passFingerprints, pinnedPlayViews, playFingerprints, playoutFingerprints } from "./pinned.js";

/** Per play position: hard's card, worlds, hash of means (pruning on); card and hash without pruning; medium's card. */
const PLAY = [
  "0 0 9be17165 0 9be17165 0",
  "8 96 bb5792c3 2 4f4e816d 4",
  "28 96 73d1f66b 38 12652a9e 38",
  "23 96 bbd3fe80 23 5283d6cf 23",
  "10 96 09a1b4fd 32 e1aae2b4 32",
  "43 96 0f253188 39 1ac2f328 46",
  "31 48 c02879ed 31 7361c9f5 31",
  "41 96 22c9306f 41 73943807 41",
  "5 96 49ec9f6e 5 37f6d24b 5",
  "47 48 e2487fd9 47 e4c6c772 47",
  "0 0 9be17165 0 9be17165 0",
  "32 96 9ab3c28d 35 fa2ddc03 15",
  "26 96 f78ee4a2 32 8d7d460d 32",
  "18 96 86522a92 18 a5105330 18",
  "31 96 9fb38674 5 1b63ce68 31",
  "13 96 7381da71 43 4414ad1e 46",
  "43 96 6d920f3f 43 4a34496f 43",
  "14 96 d2c83b8b 46 9d0be450 49",
  "0 0 9be17165 0 9be17165 0",
  "24 96 0b9427fe 24 e73e00cc 24",
  "20 0 9be17165 20 9be17165 20",
  "36 96 25005641 36 b3a84566 36",
  "24 96 d200ae28 36 cc66b5d0 20",
  "37 0 9be17165 37 9be17165 37",
  "28 96 8dcc4924 28 9dc81af9 28",
  "19 0 9be17165 19 9be17165 19",
  "47 96 253aff00 47 975cc745 47",
  "6 96 b62c2f38 6 7e61c7cb 6",
  "0 0 9be17165 0 9be17165 0",
  "34 96 2b74eb38 29 afb96916 34",
  "31 32 e8a931a6 31 7538f510 31",
  "23 96 32db158e 23 a4d36e08 23",
  "41 96 1c6169e0 17 4742a6af 41",
  "4 96 e85f9d81 12 3e9b1fe8 4",
  "45 96 e7529623 45 a3afbe1c 45",
  "43 48 82d70da1 43 fd1a1239 43",
  "33 48 83debdbf 33 76a03871 33",
  "17 72 02720cdf 17 78df00e5 17",
  "31 96 876b318d 9 eb15d764 31",
  "2 96 4ff30a01 12 d294be70 12",
  "37 0 9be17165 37 9be17165 37",
  "7 88 451e01f0 0 7e21e979 7",
  "17 64 c21cf1f2 17 a511b882 17",
  "42 16 269fd093 42 1eab3f30 42",
  "45 96 c8683f5b 25 94999e9f 49",
  "49 96 bf9364da 49 b3588ce4 49",
  "23 88 b3054483 23 cc6d9ea5 23",
  "0 32 58fac3b5 0 67bf0845 11",
  "0 0 9be17165 0 9be17165 0",
  "23 0 9be17165 23 9be17165 23",
  "9 96 01220596 38 671ae54e 38",
  "2 96 97c2a7b9 2 0adbee9a 9",
  "38 96 69dc49c9 38 b23c432c 29",
  "21 48 1f355e60 21 1af20a3f 51",
  "11 40 9b11a954 11 1ddffd7e 11",
  "20 96 afe61c75 20 627c079f 47",
  "41 16 341be4fa 41 c123e762 41",
  "30 32 24ad69f5 30 73b25b9d 38",
  "0 0 9be17165 0 9be17165 0",
  "24 16 8a7092f5 24 7ffc2fcf 24",
  "21 96 4d40ae7b 21 24fa8863 21",
  "33 96 58ddfb8f 33 d06f6212 33",
  "29 96 af9f1024 26 56f5146c 29",
  "5 0 9be17165 5 9be17165 5",
  "8 96 f3977b7d 47 0be4bfd6 47",
  "48 96 0fd2b127 7 41b858b3 7",
  "11 32 a2bf5110 11 d1b74337 34",
  "0 0 9be17165 0 9be17165 0",
  "33 96 a65d40d9 33 97c66e84 35",
  "1 0 9be17165 1 9be17165 1",
  "46 96 4b082ea7 15 27c20b27 46",
  "31 96 d68ddbba 31 ad86e90e 38",
  "15 0 9be17165 15 9be17165 15",
  "48 0 9be17165 48 9be17165 48",
  "39 32 7a83f3e5 39 a00fc341 39",
  "4 96 32ca5aa5 4 9bf31201 4",
  "22 0 9be17165 22 9be17165 22",
  "35 96 f394c9f7 10 90d13c19 35",
  "48 0 9be17165 48 9be17165 48",
  "9 32 f69246d1 9 7a6135c4 9",
  "35 96 345e9471 35 884d7e3f 35",
  "24 96 2c9ca65b 24 b34039d3 44",
  "31 96 29263552 31 39d2a094 31",
  "42 0 9be17165 42 9be17165 42",
  "37 24 6cac19b8 37 f81b40b1 37",
  "47 0 9be17165 47 9be17165 47",
  "39 0 9be17165 39 9be17165 39",
  "23 96 c925904d 38 6092df9c 27",
  "14 96 a63b7088 24 45df4f96 14",
  "10 96 5e399060 5 23bc5b96 50",
  "20 96 55a6ac95 20 52ce3fab 20",
  "50 16 6a520a81 50 6b600327 50",
  "30 0 9be17165 30 9be17165 30",
  "25 0 9be17165 25 9be17165 25",
  "23 0 9be17165 23 9be17165 23",
  "14 0 9be17165 14 9be17165 23",
  "44 0 9be17165 44 9be17165 44",
];

/**
 * The play positions whose worlds changed on purpose after the speed work: the search weighs
 * worlds by what the seats' play says about Q♠ (knowledge.ts, QUEEN_DODGE). Each of them shows
 * such a sign (checked below); every other position still matches the line recorded before.
 */
const PLAY_WITH_QUEEN_SIGN: Record<number, string> = {
  14: "31 96 eedd4224 5 d34d138c 31",
  15: "13 96 7eab9d4d 43 38a882d2 46",
  31: "23 96 cac6ec92 13 291a1ef9 23",
  36: "33 64 d003a87f 33 f04bdfff 33",
  42: "17 96 ee78604d 22 415586fa 17",
  51: "2 96 9f378810 2 b83048d1 9",
  53: "21 96 b4d2ae2f 21 02cbe616 51",
  54: "11 96 90c215b9 11 c93d16b5 11",
  62: "18 96 d8c7cd75 26 d3992f73 29",
  80: "28 96 9cc59747 35 b0b08320 35",
  82: "31 96 8cab7658 31 9db65c3c 31",
  84: "37 32 d1d01b1a 37 c7d68c30 37",
  91: "50 16 fd97e7b4 50 81daa010 50",
};

/** Per passing position: hard's three cards and worlds. */
const PASS = [
  "4,9,12 64",
  "15,16,36 64",
  "7,9,50 64",
  "0,16,20 64",
  "10,12,32 64",
  "45,46,50 64",
  "1,28,30 64",
  "6,46,51 64",
  "3,8,51 64",
  "5,7,36 64",
];

/** Per play position: hash of 20 playouts' final boards and of the randomness they consumed. */
const PLAYOUT = [
  "7bb93087",
  "8120ffac",
  "fc3485b3",
  "04f503c2",
  "bd39c8c8",
  "c1f9c783",
  "d501e934",
  "21648630",
  "fcf3e8eb",
  "b46474a8",
  "2958830d",
  "b0eb6de8",
  "b883b073",
  "284b057e",
  "512762d9",
  "1f2003d9",
  "1eeeaa2c",
  "301c6399",
  "63e20b77",
  "f8a1b5e4",
  "9f018d38",
  "75310dea",
  "51225c97",
  "d49a5cd3",
  "63be6849",
  "b0e533c3",
  "268733fa",
  "7664921b",
  "59250444",
  "4e28bcaf",
  "ceb59e00",
  "f533bb8b",
  "436c6c30",
  "027f2679",
  "944c3ef8",
  "80179178",
  "12ca9dc8",
  "93d2fc37",
  "3fcac267",
  "7a56f3e2",
  "ea62360d",
  "ddb0e97b",
  "233daa8c",
  "6fbcb9ff",
  "00e4d4ba",
  "fcfd1073",
  "0cdb65b4",
  "4ca3408d",
  "c12f7398",
  "904a15f1",
  "85ba1d64",
  "899182c3",
  "330e7c88",
  "e580220e",
  "17c130f7",
  "3d5c1be7",
  "f3875cf7",
  "edb59a68",
  "1f6cc39a",
  "116fc88c",
  "2eb9c60b",
  "5ef87865",
  "963aad9f",
  "fa2c2a6c",
  "0eb88a76",
  "eb8bb6d1",
  "31a7fe1f",
  "aecd658e",
  "b8e82497",
  "27ca9e9e",
  "d237aa89",
  "00a962bd",
  "3b783c05",
  "18eed7ed",
  "fc9d683b",
  "94c03a16",
  "dcdfb137",
  "13414263",
  "dc9b3ad8",
  "5f5740ca",
  "290ec7ef",
  "0565bd74",
  "48b9c73e",
  "ab6884fd",
  "4276a48c",
  "ccffbc74",
  "7a601908",
  "ab3b7138",
  "bf0e7d9c",
  "ea69c3a6",
  "9439c5ef",
  "d82f8d6b",
  "096840da",
  "feccb6b6",
  "fbdc08ba",
  "ac3b54af",
  "1d89de52",
];

/**
 * Issue 42's deliberate change: medium solves its last three tricks exactly (endgame.ts), and in
 * these two positions (two and three cards left) the exact answer differs: medium's card here.
 */
const MEDIUM_WITH_ENDGAME: Record<number, string> = { 9: "50", 75: "42" };
/**
 * And the second: medium plays its search's card when it leads the rules' by half a standard
 * error (it was 1.5) over up to 48 worlds (24 here, as pinned): in these ten positions of 97 the
 * search's card is played instead of the rules'.
 */
const MEDIUM_TRUSTING_SEARCH: Record<number, string> = {
  4: "10",
  12: "26",
  14: "5",
  15: "13",
  22: "38",
  55: "20",
  60: "14",
  62: "26",
  71: "31",
  89: "7",
};

describe("the hard player decides as recorded before the speed work", () => {
  it("plays the same cards with the same means", () => {
    const expected = PLAY.map((line, i) => PLAY_WITH_QUEEN_SIGN[i] ?? line)
      .map((line, i) => (i in MEDIUM_WITH_ENDGAME ? line.replace(/ \d+$/, ` ${MEDIUM_WITH_ENDGAME[i]}`) : line))
      .map((line, i) => (i in MEDIUM_TRUSTING_SEARCH ? line.replace(/ \d+$/, ` ${MEDIUM_TRUSTING_SEARCH[i]}`) : line));
    expect(playFingerprints()).toEqual(expected);
    const views = pinnedPlayViews();
    for (const i of Object.keys(MEDIUM_WITH_ENDGAME).map(Number)) expect(views[i].hand.length).toBeLessThanOrEqual(MEDIUM_ENDGAME_CARDS);
    for (const i of Object.keys(PLAY_WITH_QUEEN_SIGN).map(Number)) {
      expect(knowledgeOf(views[i]).queenWeight.some((w) => w < 1)).toBe(true);
    }
  });
  it("passes the same cards", () => {
    expect(passFingerprints()).toEqual(PASS);
  });
  it("plays the same playouts", () => {
    expect(playoutFingerprints()).toEqual(PLAYOUT);
  });
});
