/**
 * cleanName: a Discord nickname, which anyone sets to anything, becomes text the bot can repeat
 * in its posts and pictures without it reordering, pinging, formatting or linking anything.
 */
import { describe, expect, it } from "vitest";
import { DEFAULT_NAME, NAME_LENGTH, cleanName, cutGraphemes } from "../../src/table/names.js";
import { cleanName as fromSeats } from "../../src/table/seats.js";

const graphemes = (s: string): string[] => Array.from(new Intl.Segmenter("en", { granularity: "grapheme" }).segment(s), (x) => x.segment);
const FAMILY = "👨\u200d👩\u200d👧\u200d👦";
const FLAG = "🇫🇷";
const SCOTLAND = "🏴\u{e0067}\u{e0062}\u{e0073}\u{e0063}\u{e0074}\u{e007f}";

describe("invisible characters", () => {
  it("drops a right-to-left override, so a name cannot reverse the text around it", () => {
    expect(cleanName("Bob\u202egnp.exe")).toBe("Bobgnp·exe");
    expect(cleanName("\u2066Ann\u2069\u200e\u200f")).toBe("Ann");
  });

  it("drops zero-width spaces, joiners and other invisible characters between letters", () => {
    expect(cleanName("A\u200bd\u200da\u200c\u2060\ufeff\u00ad")).toBe("Ada");
    expect(cleanName("Ann\u0000\u0007\u001b[31m")).toBe("Ann31m");
  });

  it("keeps what holds an emoji together, and nothing invisible around it", () => {
    expect(cleanName(`${FAMILY} dad`)).toBe(`${FAMILY} dad`);
    expect(cleanName(`${SCOTLAND} Ian`)).toBe(`${SCOTLAND} Ian`);
    expect(cleanName("❤\ufe0f Liv")).toBe("❤\ufe0f Liv");
    expect(cleanName("👍\u200d\ufe0f\ufe0f\u{e0067}x")).toBe("👍x");
  });

  it("a name that is only blank or invisible becomes Player", () => {
    for (const blank of ["", "   ", "\u200b\u200d", "\u2800\u3164", "\u202e", "\n\t"]) expect(cleanName(blank)).toBe(DEFAULT_NAME);
  });
});

describe("links and invites", () => {
  it("an invite is neither clickable nor embedded, and still readable", () => {
    expect(cleanName("join discord.gg/abc")).toBe("join discord·gg/abc");
    expect(cleanName("discord.com/invite/abc")).toBe("discord·com/invite/abc");
  });

  it("a URL loses its scheme and the dots of its host", () => {
    expect(cleanName("https://evil.example/x")).toBe("evil·example/x");
    expect(cleanName("HTTP://1.2.3.4")).toBe("1·2·3·4");
    expect(cleanName("Ｄｉｓｃｏｒｄ．ｇｇ")).toBe("Ｄｉｓｃｏｒｄ·ｇｇ");
  });

  it("hidden or nested schemes do not come back once the rest is cleaned", () => {
    expect(cleanName("https:https:////evil.com")).toBe("evil·com");
    expect(cleanName("htt\u200bps:/\u200b/evil.com")).toBe("evil·com");
    expect(cleanName("ht*tps*://evil.c_o_m")).toBe("evil·com");
    for (const name of ["https:https:////x.y", "a:b://c", "x://://y"]) expect(cleanName(name)).not.toMatch(/[a-z]:\/\/|\w\.\w/i);
  });

  it("plain names with dots or colons stay as they were where no link is possible", () => {
    expect(cleanName("Dr. Who")).toBe("Dr. Who");
    expect(cleanName("Team: Red")).toBe("Team: Red");
  });
});

describe("mentions and markdown", () => {
  it("a mention cannot ping: no @, no <@id>, no <#channel>, no role", () => {
    expect(cleanName("@everyone")).toBe("everyone");
    expect(cleanName("<@123456789012345678>")).toBe("123456789012345678");
    expect(cleanName("<@&42> <#7> @here")).toBe("&42 7 here");
  });

  it("nothing formats, hides or quotes: backticks, bold, italics, strikes, spoilers, quotes, masked links", () => {
    expect(cleanName("`code` **b** _i_ ~~s~~ ||spoiler|| > quote")).toBe("code b i s spoiler quote");
    expect(cleanName("[click](https://evil.com)")).toBe("evil·com");
    expect(cleanName("# Big\n-# small")).toBe("Big - small");
  });
});

describe("length", () => {
  it(`cuts at ${NAME_LENGTH} whole graphemes: a family emoji or a flag at the limit is kept whole`, () => {
    const families = cleanName(`${"a".repeat(NAME_LENGTH - 1)}${FAMILY}${FAMILY}`);
    expect(families).toBe(`${"a".repeat(NAME_LENGTH - 1)}${FAMILY}`);
    const flags = cleanName(FLAG.repeat(NAME_LENGTH + 5));
    expect(flags).toBe(FLAG.repeat(NAME_LENGTH));
    const scots = cleanName(`${"b".repeat(NAME_LENGTH - 1)}${SCOTLAND}z`);
    expect(scots).toBe(`${"b".repeat(NAME_LENGTH - 1)}${SCOTLAND}`);
    for (const name of [families, flags, scots]) expect(graphemes(name)).toHaveLength(NAME_LENGTH);
  });

  it("the cut counts what is left after cleaning, and leaves no trailing space", () => {
    expect(cleanName(`${"\u200b".repeat(40)}Ann`)).toBe("Ann");
    expect(cleanName(`${"x".repeat(NAME_LENGTH - 1)} yz`)).toBe("x".repeat(NAME_LENGTH - 1));
  });
});

it("a clean name is left alone, and cleaning twice changes nothing", () => {
  for (const name of ["Ada", "Zoë", "José María", "李小龍", "محمد", "Ann 🃏", FAMILY]) expect(cleanName(name)).toBe(name);
  for (const name of ["https://a.b/c\u202e", `${FAMILY.repeat(30)}`, "<@1> **x**", "a\u200d👍"])
    expect(cleanName(cleanName(name))).toBe(cleanName(name));
});

it("seats.ts gives the table the same cleanName", () => {
  expect(fromSeats).toBe(cleanName);
});

describe("cutGraphemes", () => {
  it("is slice(0, n) for plain text, and never leaves half an emoji", () => {
    expect(cutGraphemes("Alexandra", 8)).toBe("Alexandr");
    expect(cutGraphemes("Ann", 8)).toBe("Ann");
    expect(cutGraphemes(`abcdef${FLAG}`, 7)).toBe("abcdef");
    expect(cutGraphemes(`ab${FAMILY}c`, 8)).toBe("ab");
    expect(cutGraphemes(`${FLAG}${FLAG}${FLAG}`, 8)).toBe(`${FLAG}${FLAG}`);
    for (const n of [1, 5, 11, 16]) expect(cutGraphemes(`x${FAMILY}${SCOTLAND}`.repeat(3), n).length).toBeLessThanOrEqual(n);
  });
});
