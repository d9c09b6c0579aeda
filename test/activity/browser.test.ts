/**
 * The Activity in a real browser (Debian's chromium, headless, driven by playwright-core), hosted
 * the way Discord hosts it (host.ts: an iframe, the SDK's handshake and authorize over
 * postMessage), against the real bot and the fake Discord. A whole game: two people in the
 * Activity (a desktop page and a 360×740 phone page) clicking every card, passes and moon choice
 * included; one person on the chat buttons; one computer player; a spectator page. The pages
 * show what the chat does: the table's rules in the words of /hearts rules, and the played-cards
 * list as the hand menu words it. The bot is killed and started again mid-trick and the pages
 * come back by themselves. Every frame sent to every page is checked for hidden cards. The pages
 * look like a card table: cards 90 px wide or more at 1280×800, every touch target 44 px tall on
 * the phone, the pass header naming whom you pass to, the people's Discord avatars at their seats
 * (through the Activity's URL mapping, /cdn, as Discord's proxy serves it; nothing from another
 * origin). Screenshots of the lobby, mid-trick, a trick taken and a hand's scores, at 1280×800 and
 * 360×740, in English and in French, go to test/activity/__output__/.
 *
 * Slow (a minute): not in `npm run test:unit`. Without chromium it is skipped with a line saying
 * so, except under CI=true, where that is a failure.
 */
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { createCanvas } from "canvas";
import type { ServerMessage } from "../../src/activity/protocol.js";
import { rulesInfo } from "../../src/activity/rules.js";
import { LEVELS } from "../../src/ai/levels.js";
import { Player, byVerb, findButton, gamePosts, startHarness, tableIdOf, tableMessage, textOf, type Harness } from "../bot/harness.js";
import { hostActivity } from "./host.js";
import { checkFrame, statesOf } from "./secrecy.js";

// The callbacks of frame.evaluate run in the page.
declare const document: any;
declare const innerWidth: number;
declare const innerHeight: number;
declare const getComputedStyle: (e: any) => { width: string };

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium) {
  if (process.env.CI === "true") throw new Error(`chromium is missing at ${CHROMIUM}: CI installs it (apt-get install chromium)`);
  console.log(`test/activity/browser.test.ts skipped: no chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
}
const OUT = join(import.meta.dirname, "__output__");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };
/** Three people's Discord avatars (the others have none): what Discord's CDN answers for them, through the URL mapping. */
const AVATARS = ["a1b2c3d4e5f60718293a4b5c6d7e8f90", "0f1e2d3c4b5a69788796a5b4c3d2e1f0", "5d4c3b2a19087f6e5d4c3b2a19087f6e"];
function avatarPng(colour: string): Buffer {
  const c = createCanvas(64, 64);
  const ctx = c.getContext("2d");
  ctx.fillStyle = colour;
  ctx.fillRect(0, 0, 64, 64);
  ctx.fillStyle = "#fff";
  ctx.beginPath();
  ctx.arc(32, 26, 12, 0, Math.PI * 2);
  ctx.arc(32, 70, 26, 0, Math.PI * 2);
  ctx.fill();
  return c.toBuffer("image/png");
}

let h: Harness;
let browser: Browser;
/** The pages at game over (the lobby test goes on from there with Rematch). */
let atGameOver: Record<"ann" | "bob" | "dave", { page: Page; frame: Frame }> | null = null;
const sent: { userId: string | null; frame: string }[] = [];

describe.skipIf(!haveChromium)("the Activity in a browser", () => {
  beforeAll(async () => {
    mkdirSync(OUT, { recursive: true });
    h = await startHarness({ activity: true, renderer: null, onActivityFrame: (userId, frame) => sent.push({ userId, frame }) });
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ["--no-sandbox"] });
  });
  afterAll(async () => {
    await browser?.close();
    await h?.close();
  });

  async function open(user: number, viewport: { width: number; height: number }, locale = "en-US"): Promise<{ page: Page; frame: Frame }> {
    const u = h.fake.users[user];
    u.locale = locale;
    const page = await browser.newPage({ viewport });
    const outside: string[] = [];
    // Discord's proxy serves the URL mapping /cdn from its CDN: here, the three avatars.
    await page.route("**/cdn/avatars/**", (route) => {
      const i = AVATARS.findIndex((a) => route.request().url().includes(a));
      return i < 0
        ? route.fulfill({ status: 404 })
        : route.fulfill({ contentType: "image/png", body: avatarPng(["#c0392b", "#2e86c1", "#8e44ad"][i]) });
    });
    page.on("request", (r) => {
      if (!r.url().startsWith(`http://127.0.0.1:${h.bot.activity!.port}/`) && !r.url().startsWith("about:")) outside.push(r.url());
    });
    (page as Page & { outside?: string[] }).outside = outside;
    await hostActivity(page, {
      activityUrl: `http://127.0.0.1:${h.bot.activity!.port}`,
      guildId: h.fake.guildId,
      channelId: h.fake.channelId,
      platform: viewport.width < 500 ? "mobile" : "desktop",
      code: () => h.fake.oauthCode(u),
    });
    const frame = await waitFor(
      () => page.frames().find((f) => f.url().includes(`:${h.bot.activity!.port}/`)) ?? null,
      "the Activity frame",
    );
    return { page, frame };
  }

  it("plays a whole game from two pages, the chat buttons and a computer player, through a restart", async () => {
    const [annU, bobU, carlU] = h.fake.users;
    annU.avatar = AVATARS[0];
    bobU.avatar = AVATARS[1];
    // Carl plays on the chat's buttons only: his clicks carry his avatar to the table.
    carlU.avatar = AVATARS[2];
    const ann = new Player(h, annU);
    const carl = new Player(h, carlU);
    await ann.answer(ann.slash("new", { target: 30, level: "easy", played: true }));
    const table = tableMessage(h.fake);
    const tableId = tableIdOf(table);
    const bob = new Player(h, bobU);
    await bob.answer(bob.click(table.id, findButton(table, byVerb("join")).custom_id));
    await carl.answer(carl.click(table.id, findButton(table, byVerb("join")).custom_id));

    const started = Date.now();
    const annP = await open(0, DESKTOP);
    await annP.frame.waitForSelector(".seats .seat", { timeout: 10_000 });
    const firstRenderMs = Date.now() - started;
    const bobP = await open(1, PHONE, "fr");
    const daveP = await open(3, DESKTOP);
    await bobP.frame.waitForSelector(".seats .seat");
    await daveP.frame.waitForSelector(".seats .seat");
    // The spectator's page records every trick it holds on the table after it is taken: its number and how many cards it shows.
    await daveP.frame.evaluate(`(() => {
      const seen = (window.heldTricks = []);
      let last = null;
      new MutationObserver(() => {
        const held = document.querySelector(".trick.taken");
        if (held && held !== last && !held.className.includes("sweep-"))
          seen.push(held.getAttribute("data-taken") + ":" + held.querySelectorAll(".played").length + ":" + (held.querySelector(".taker")?.textContent ?? ""));
        last = held;
      }).observe(document.getElementById("app"), { childList: true, subtree: true });
    })()`);
    expect(await bobP.frame.textContent(".status")).toContain("La table attend ses joueurs");
    await bobP.frame.waitForSelector("button.rules");
    // Every page served says: images from this origin only (the URL mapping /cdn is a path of it).
    const csp = (await fetch(`http://127.0.0.1:${h.bot.activity!.port}/`)).headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/img-src 'self' data:;/);
    expect(csp).not.toMatch(/https?:|discordapp|\*/);
    await both(annP, "lobby", "en");
    await both(bobP, "lobby", "fr");
    expect(await touchTargets(bobP.frame)).toEqual([]);

    await ann.answer(ann.click(table.id, findButton(tableMessage(h.fake), byVerb("start")).custom_id));
    await carl.openHand();
    await annP.frame.waitForSelector(".hand .card");

    // The pass header names whom you pass to (the first hand passes left), in each person's language.
    const seatsNow = [...(await h.store.getTable(tableId))!.seats].sort((a, b) => a.seat - b.seat);
    const seatOfUser = (u: { id: string }) => seatsNow.find((x) => x.userId === u.id)!.seat;
    expect(await annP.frame.textContent("h1.what")).toBe(`Pass 3 cards to ${seatsNow[(seatOfUser(annU) + 1) % 4].name}`);
    await bobP.frame.waitForSelector(".hand .card");
    expect(await bobP.frame.textContent("h1.what")).toBe(`Passez 3 cartes à ${seatsNow[(seatOfUser(bobU) + 1) % 4].name}`);
    // The people show their Discord avatars, through /cdn (Carl's from his clicks in the chat); the computer players their initial.
    for (const p of [annP, bobP]) {
      const faces = await seatFaces(p.frame);
      expect(faces.find((f) => f.name === annU.globalName)).toMatchObject({
        img: `/cdn/avatars/${annU.id}/${AVATARS[0]}.png?size=64`,
        loaded: true,
      });
      expect(faces.find((f) => f.name === bobU.globalName)).toMatchObject({
        img: `/cdn/avatars/${bobU.id}/${AVATARS[1]}.png?size=64`,
        loaded: true,
      });
      expect(faces.find((f) => f.name === carlU.globalName)).toMatchObject({
        img: `/cdn/avatars/${carlU.id}/${AVATARS[2]}.png?size=64`,
        loaded: true,
      });
      const bots = faces.filter((f) => ![annU, bobU, carlU].some((u) => u.globalName === f.name));
      expect(bots.map((f) => f.img)).toEqual([null]);
      expect(bots[0].initial).toBe(bots[0].name[0].toUpperCase());
    }
    // Cards worth looking at: at 1280×800 a hand's card is 90 px wide or more; on the phone, every touch target 44 px tall.
    expect(await cardWidth(annP.frame)).toBeGreaterThanOrEqual(90);
    expect(await touchTargets(bobP.frame)).toEqual([]);

    // A phone in portrait fits the table and the whole hand, every card whole (none under another).
    await bobP.frame.waitForSelector(".hand .card");
    const phone = await fit(bobP.frame);
    expect(phone).toMatchObject({ cards: 13, inside: true, tableInside: true, scrolls: false });
    expect(phone.worst).toBe(0);
    expect(phone.width).toBeGreaterThanOrEqual(40);

    // Each page prints its reader's ranks (French cards read R, D, V; the ace stays A), card for card.
    const RANKS = { en: "2 3 4 5 6 7 8 9 10 J Q K A".split(" "), fr: "2 3 4 5 6 7 8 9 10 V D R A".split(" ") };
    for (const [p, user, locale] of [
      [annP, annU, "en"],
      [bobP, bobU, "fr"],
    ] as const) {
      const printed = await p.frame.$$eval(".hand .face", (els) => els.map((e) => e.getAttribute("data-rank") ?? ""));
      const frame = sent.findLast((f) => f.userId === user.id && (JSON.parse(f.frame) as ServerMessage).t === "table")!;
      const cards = (JSON.parse(frame.frame) as Extract<ServerMessage, { t: "table" }>).table!.hand!.cards;
      expect(printed.sort()).toEqual(cards.map((c) => RANKS[locale][c % 13]).sort());
    }

    // The person's own deck style: four colours at a click (the table's is two), and back.
    expect(await annP.frame.locator(".hand .face.four").count()).toBe(0);
    await annP.frame.click("button.four-colours");
    expect(await annP.frame.locator(".hand .face.four").count()).toBe(13);
    await annP.page.screenshot({ path: join(OUT, "four-colours-desktop.png") });
    await annP.frame.click("button.four-colours");
    expect(await annP.frame.locator(".hand .face.four").count()).toBe(0);

    const shots = new Set<string>();
    const shot = async (p: { page: Page }, name: string) => {
      if (shots.has(name)) return;
      shots.add(name);
      await p.page.screenshot({ path: join(OUT, `${name}.png`) });
    };
    /** A moment worth looking at, in the page's language at both sizes (the page resized, then back). */
    const moment = async (p: { page: Page }, what: string, locale: "en" | "fr") => {
      if (shots.has(`${what}-${locale}`)) return;
      shots.add(`${what}-${locale}`);
      await both(p, what, locale);
    };
    const pages = [
      { p: annP, name: "desktop", user: annU, locale: "en" as const },
      { p: bobP, name: "phone", user: bobU, locale: "fr" as const },
    ];
    /** What each page was checked for once: its Rules panel, and its played-cards list mid-trick. */
    const seen = new Set<string>();
    const lastHand = (userId: string) => {
      for (let i = sent.length - 1; i >= 0; i--) {
        const m = JSON.parse(sent[i].frame) as ServerMessage;
        if (sent[i].userId === userId && m.t === "table") return m.table?.hand ?? null;
      }
      return null;
    };
    const over = () => gamePosts(h.fake).some((m) => m.content.includes("Game over"));
    let restarted = false;
    let last = Date.now();
    let clicks = 0;
    while (!over()) {
      let moved = false;
      for (const { p, name, user, locale } of pages) {
        const now = await p.frame.evaluate(() => {
          const a = document.getElementById("app")!;
          return {
            phase: a.dataset.phase,
            waiting: a.dataset.waiting === "true",
            played: document.querySelectorAll(".trick .played").length,
          };
        });
        if (now.waiting && now.phase === "passing" && !seen.has(`rules ${name}`)) {
          // The Rules panel says what /hearts rules says, in the person's language.
          seen.add(`rules ${name}`);
          await p.frame.click("button.rules");
          const panel = (await p.frame.textContent(".rules-panel", { timeout: 5000 })) ?? "";
          const words = rulesInfo((await h.store.getTable(tableId))!, locale);
          for (const line of [words.title, words.about, ...words.lines]) expect(panel).toContain(line);
          expect(panel).toContain(locale === "fr" ? "partie en 30" : "game to 30");
          await shot(p, `rules-${name}`);
          await p.frame.click(".rules-panel button");
          await p.frame.waitForSelector(".rules-panel", { state: "detached" });
        }
        if (now.waiting && now.phase === "playing" && now.played > 0 && !seen.has(`table ${name}`)) {
          // Mid-trick, the game waiting for this page: its played-cards list is the chat menu's line.
          seen.add(`table ${name}`);
          const list = await p.frame.textContent(".still-out");
          expect(list).toMatch(locale === "fr" ? /^Encore en jeu : ♣ .* · ♥ / : /^Still out: ♣ .* · ♥ /);
          expect(list).toBe(lastHand(user.id)?.stillOut);
          const fits = await fit(p.frame);
          expect(fits).toMatchObject({ inside: true, tableInside: true, listInside: true, scrolls: false });
          // On the phone, every card whole (a desktop fans them over each other).
          if (name === "phone") expect(fits.worst).toBe(0);
          if (name === "phone") expect(await touchTargets(p.frame)).toEqual([]);
          else expect(await cardWidth(p.frame)).toBeGreaterThanOrEqual(90);
          await shot(p, `table-${name}`);
          await moment(p, "mid-trick", locale);
        }
        // A trick just taken, whole, with who took it (looked at: test/activity/__output__/taken-*.png).
        if (!shots.has(`taken-${locale}`) && (await p.frame.locator(".trick.taken:not([class*=sweep-]) .played").count()) === 4)
          await moment(p, "taken", locale);
        const r = await act(p.frame, async (what) => {
          await shot(p, `${what}-${name}`);
          if (what === "scores") await moment(p, "scored", locale);
        }).catch((err: unknown) => {
          const mine = sent.filter((f) => f.userId === (name === "phone" ? bobU.id : annU.id)).slice(-4);
          throw new Error(`${name}: ${String(err)}\nlast frames: ${mine.map((f) => f.frame.slice(0, 300)).join("\n")}`);
        });
        if (r) {
          moved = true;
          clicks++;
        }
      }
      if (await carl.act()) moved = true;
      // Mid-trick in the second trick or later: the bot process stops and starts again.
      if (!restarted && clicks > 12 && (await annP.frame.locator(".trick .played").count()) > 0) {
        restarted = true;
        for (const { p, name } of pages) await refusalsShown(p.frame, name === "phone" ? bobU.id : annU.id);
        await shot(annP, "restart-desktop");
        await shot(daveP, "spectator-desktop");
        h.config.activity!.port = h.bot.activity!.port;
        await h.restart();
        // The spectator too: the tricks it is shown whole are checked below, all of them.
        for (const { p } of [...pages, { p: daveP }]) await p.frame.waitForSelector("text=/Reconnected|Reconnecté/", { timeout: 15_000 });
        await carl.openHand();
      }
      if (moved) last = Date.now();
      else if (Date.now() - last > 15_000) throw new Error(`the game stalled: ${textOf(carl.menu())}`);
    }
    expect(restarted).toBe(true);
    expect([...seen].sort()).toEqual(["rules desktop", "rules phone", "table desktop", "table phone"]);
    for (const { p, name } of pages) {
      await p.frame.waitForSelector(".panel.over", { timeout: 10_000 });
      await shot(p, `gameover-${name}`);
    }
    await daveP.frame.waitForSelector(".panel.over");
    await shot(daveP, "gameover-spectator");

    // The thread shows the same game: the same people, and the Activity's final totals.
    const overPost = gamePosts(h.fake).find((m) => m.content.includes("Game over"))!;
    const totals = await annP.frame.$$eval(".placings li", (lis) => lis.map((li) => li.textContent ?? ""));
    expect(totals.length).toBe(4);
    for (const line of totals) expect(line).toMatch(/^\d(st|nd|rd|th) .+: -?\d+ pts?$/);
    // French spaces its colon, from the catalogue ("1er Carol : 0 pt").
    const frTotals = await bobP.frame.$$eval(".placings li", (lis) => lis.map((li) => li.textContent ?? ""));
    for (const line of frTotals) expect(line).toMatch(/^\d(er|e) .+ : -?\d+ points?$/);
    for (const name of [annU.globalName, bobU.globalName, carlU.globalName]) expect(textOf(overPost)).toContain(name);

    // Every trick taken was held whole on the spectator's table, saying who took it (the 13th, or a
    // claim of the rest, before the hand's scores), as many times as the server announced one.
    const held = (await daveP.frame.evaluate("window.heldTricks")) as string[];
    const announced = sent.flatMap((f) => {
      const m = JSON.parse(f.frame) as ServerMessage;
      return f.userId === h.fake.users[3].id && m.t === "table" && m.table?.game?.taken ? [m.table.game.taken] : [];
    });
    expect(announced.length).toBeGreaterThan(13);
    expect(announced.some((tk) => tk.trickNumber === 12 || tk.claimed > 0)).toBe(true);
    // (A moment redrawn mid-hold by the next frame counts again: at least one per announcement, all whole.)
    expect(new Set(held).size).toBeGreaterThanOrEqual(new Set(announced.map((tk) => `${tk.trickNumber}:${tk.cards.length}`)).size);
    for (const tk of held)
      expect(tk).toMatch(/^(\d+):(4:.+ takes the trick( and the (last one|\d+ left))?|0:.+ takes the last (trick|\d+ tricks))$/);
    // A hand's end is held too: its 13th trick, or the trick after which the rest was claimed.
    expect(held.filter((tk) => tk.startsWith("12:4:") || / takes the (last|trick and)/.test(tk)).length).toBeGreaterThan(0);

    // The spectator's page never had a hand; no page loaded anything from another origin.
    expect(await daveP.frame.locator(".hand").count()).toBe(0);
    expect(sent.some((f) => f.userId === h.fake.users[3].id && f.frame.includes("Still out"))).toBe(false);
    for (const { p } of [...pages, { p: daveP }]) expect((p.page as Page & { outside?: string[] }).outside).toEqual([]);

    // Every frame to every page, against the true state.
    const truth = await statesOf(h, tableId);
    const seatOf = new Map<string, number>();
    const record = (await h.store.getTable(tableId))!;
    for (const s of record.seats) if (s.userId) seatOf.set(s.userId, s.seat);
    let checked = 0;
    for (const { userId, frame } of sent) {
      const m = JSON.parse(frame) as ServerMessage;
      if (m.t !== "table" || !m.table?.game || m.table.id !== tableId) continue;
      checkFrame(m.table, truth[m.table.game.version], userId ? (seatOf.get(userId) ?? null) : null);
      checked++;
    }
    expect(checked).toBeGreaterThan(50);
    console.log(JSON.stringify({ firstRenderMs, clicks, framesChecked: checked }));
    atGameOver = { ann: annP, bob: bobP, dave: daveP };
  }, 240_000);

  it("Rematch, Leave, Add a computer player and Start are clicked in the page, and the chat follows", async () => {
    if (!atGameOver) throw new Error("the whole game above did not end");
    const { ann, bob, dave } = atGameOver;
    const finished = tableMessage(h.fake);
    // The game's players are offered Rematch; the spectator is not.
    await bob.frame.waitForSelector('.panel.over [data-action="rematch"]');
    expect(await bob.frame.textContent('.panel.over [data-action="rematch"]')).toBe("Revanche");
    expect(await dave.frame.locator('[data-action="rematch"]').count()).toBe(0);
    await ann.frame.click('.panel.over [data-action="rematch"]');
    // The next table's message in the channel, as after the chat's Rematch; every page shows its lobby.
    const next = await waitFor(() => {
      const m = tableMessage(h.fake);
      return m.id !== finished.id ? m : null;
    }, "the rematch's table message");
    expect(findButton(next, byVerb("start"))).toBeTruthy();
    await ann.frame.waitForSelector('.tools.lobby [data-action="start"]');
    await bob.frame.waitForSelector('.tools.lobby [data-action="leave"]');
    await dave.frame.waitForSelector('.tools.lobby [data-action="join"]');
    // The host's buttons are the host's only.
    expect(await bob.frame.locator('[data-action="start"], [data-action="addBot"]').count()).toBe(0);
    expect(await bob.frame.textContent('[data-action="leave"]')).toBe("Quitter");
    expect(await ann.frame.textContent(".status")).toContain("You are the host: press Start");
    expect(await bob.frame.textContent(".status")).toContain("quand l'hôte la lance");
    // The finished game's last line ("Pip won.") is not the new table's.
    expect(await ann.frame.textContent(".line")).toBe("");
    await ann.page.screenshot({ path: join(OUT, "rematch-lobby-desktop.png") });
    await bob.page.screenshot({ path: join(OUT, "rematch-lobby-phone.png") });

    // Bob gets up from his page, which says so (a leave ends his session here, as from the chat).
    await bob.frame.click('[data-action="leave"]');
    await bob.frame.waitForFunction(() => document.querySelector(".status")?.textContent?.includes("quitté cette table"));
    // A seat is free: the host adds a hard computer player there, and starts.
    await ann.frame.waitForSelector('[data-action="addBot"]');
    await ann.frame.selectOption('[data-action="level"]', "hard");
    await ann.frame.click('[data-action="addBot"]');
    await ann.frame.waitForFunction(() => document.querySelectorAll(".seats .seat:not(.empty)").length === 4);
    await ann.page.screenshot({ path: join(OUT, "lobby-host-desktop.png") });
    expect(await ann.frame.locator('[data-action="addBot"]').count()).toBe(0);
    const hardOne = (text: string) => LEVELS.hard.names.find((n) => text.includes(n)) ?? null;
    const added = hardOne((await ann.frame.textContent(".seats")) ?? "");
    expect(added).toBeTruthy();
    await waitFor(() => (hardOne(textOf(tableMessage(h.fake))) === added ? true : null), "the hard computer player on the table message");
    await ann.frame.click('[data-action="start"]');
    await ann.frame.waitForSelector(".hand .card");
    await waitFor(() => findButton(tableMessage(h.fake), byVerb("hand")), "My hand on the table message");
  }, 60_000);
});

/** Screenshots of the page now at 1280×800 and at 360×740 (its own size first, then back to it). */
async function both(p: { page: Page }, what: string, locale: "en" | "fr"): Promise<void> {
  const own = p.page.viewportSize()!;
  for (const size of own.width === DESKTOP.width ? [DESKTOP, PHONE] : [PHONE, DESKTOP]) {
    if (size !== own) await p.page.setViewportSize(size);
    await p.page.screenshot({ path: join(OUT, `${what}-${locale}-${size.width}x${size.height}.png`) });
  }
  await p.page.setViewportSize(own);
}

/** The width a hand's card is drawn at (its face's own width, not the tilted box). */
async function cardWidth(frame: Frame): Promise<number> {
  return frame.evaluate(() => parseFloat(getComputedStyle(document.querySelector(".hand .card .face")).width));
}

/** Every button on the page less than 44 px tall (a finger's target), by its words: none on a phone. */
async function touchTargets(frame: Frame): Promise<string[]> {
  return frame.evaluate(() =>
    [...document.querySelectorAll("button")]
      .map((b: any) => ({ what: b.getAttribute("aria-label") ?? b.textContent, h: b.getBoundingClientRect().height }))
      .filter((b) => b.h > 0 && b.h < 44)
      .map((b) => `${b.what}: ${Math.round(b.h)} px`),
  );
}

/** Each seat's face: the avatar's address and whether it loaded, or the initial drawn instead. */
async function seatFaces(frame: Frame): Promise<{ name: string; img: string | null; loaded: boolean; initial: string }[]> {
  await frame.waitForFunction(() => [...document.querySelectorAll(".seat .avatar img")].every((i: any) => i.complete));
  return frame.evaluate(() =>
    [...document.querySelectorAll(".table .seat:not(.empty)")].map((s: any) => {
      const img = s.querySelector(".avatar img");
      return {
        name: s.querySelector(".name").textContent,
        img: img?.getAttribute("src") ?? null,
        loaded: !!img && img.naturalWidth > 0,
        initial: s.querySelector(".avatar").firstChild?.textContent ?? "",
      };
    }),
  );
}

/**
 * Does what the page offers, as a person would, by clicking: dismisses the hand's scores, picks
 * three cards and passes, chooses the moon, or plays the first lit card. `shot(what)` before the
 * first of each kind. Returns whether it clicked something.
 */
async function act(frame: Frame, shot: (what: string) => Promise<void>): Promise<boolean> {
  const state = await frame.evaluate(() => {
    const a = document.getElementById("app")!;
    return {
      phase: a.dataset.phase,
      waiting: a.dataset.waiting === "true",
      scores:
        !!document.querySelector(".panel:not(.over) .primary") && !document.querySelector(".panel h2")?.textContent?.match(/moon|lune/i),
      moon: !!document.querySelector(".panel h2")?.textContent?.match(/moon|lune/i),
    };
  });
  if (state.scores) {
    await shot("scores");
    // The panel may have closed itself while it was photographed (the next hand under way): nothing to click then.
    const close = frame.locator(".panel:not(.over) .primary");
    if (await close.count()) await close.click({ timeout: 5000 }).catch(() => undefined);
    return true;
  }
  if (!state.waiting) return false;
  if (state.moon) {
    await shot("moon");
    await frame.click(".panel .primary");
    return true;
  }
  if (state.phase === "passing") {
    await shot("hand");
    for (let i = 0; i < 3; i++)
      await frame
        .locator(".hand .card:not(.picked)")
        .first()
        .click({ position: { x: 8, y: 20 } });
    await shot("pass-picked");
    const version: string = await frame.evaluate(() => document.getElementById("app")!.dataset.version);
    await frame.click(".actions .primary");
    await settled(frame, (v) => document.getElementById("app")!.dataset.version !== v, version);
    return true;
  }
  if (state.phase === "playing") {
    const version: string = await frame.evaluate(() => document.getElementById("app")!.dataset.version);
    await frame
      .locator(".hand .card.lit")
      .first()
      .click({ position: { x: 8, y: 20 } });
    await settled(frame, (v) => document.getElementById("app")!.dataset.version !== v, version);
    return true;
  }
  return false;
}

/**
 * Whether the page fits its viewport: every card of the hand whole and none under another (the
 * worst overlap, a share of a card), the table, the played-cards list, and no scrolling.
 */
async function fit(frame: Frame) {
  return frame.evaluate(() => {
    const boxes = [...document.querySelectorAll(".hand .card .face")].map((e: any) => e.getBoundingClientRect());
    const overlap = (a: any, b: any) =>
      Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left)) *
      Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    let worst = 0;
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) worst = Math.max(worst, overlap(boxes[i], boxes[j]) / (boxes[i].width * boxes[i].height));
    const within = (b: any) => b.left >= 0 && b.right <= innerWidth && b.top >= 0 && b.bottom <= innerHeight;
    const table = document.querySelector(".table").getBoundingClientRect();
    const list = document.querySelector(".still-out")?.getBoundingClientRect();
    return {
      cards: boxes.length,
      inside: boxes.every(within),
      tableInside: table.top >= 0 && table.bottom <= innerHeight,
      listInside: !list || within(list),
      scrolls: document.documentElement.scrollHeight > innerHeight || document.documentElement.scrollWidth > innerWidth,
      worst,
      width: boxes[0].width,
    };
  });
}

/**
 * Each dim card of the page's hand says why it may not be played: the reason the frame the page
 * shows gave for that card (a frame words each reason once, with its cards), in the person's language.
 */
async function refusalsShown(frame: Frame, userId: string): Promise<void> {
  const shown: { version: string; dim: [number, string | null][] } = await frame.evaluate(() => ({
    version: document.getElementById("app")!.dataset.version,
    dim: [...document.querySelectorAll(".hand .card.dim")].map((b: any) => [Number(b.dataset.card), b.getAttribute("title")]),
  }));
  const drawn = sent
    .filter((f) => f.userId === userId)
    .map((f) => JSON.parse(f.frame) as ServerMessage)
    .findLast((m) => m.t === "table" && String(m.table?.game?.version) === shown.version);
  const hand = drawn?.t === "table" ? drawn.table!.hand! : null;
  expect(hand, `the frame of version ${shown.version}`).not.toBeNull();
  expect(shown.dim.length).toBe(hand!.cards.length - hand!.legal.length);
  for (const [card, title] of shown.dim) expect(title).toBe(hand!.refusals.find((r) => r.cards.includes(card))?.text);
}

/** Waits for the page to show the action's result; a failure says what the page said. */
async function settled(frame: Frame, f: (arg: string | null) => boolean, arg: string | null): Promise<void> {
  try {
    await frame.waitForFunction(f, arg, { timeout: 8000 });
  } catch (err) {
    const said = await frame.evaluate(() => document.querySelector(".line")?.textContent ?? "");
    throw new Error(`the page did not move on; it says "${said}" (${err instanceof Error ? err.message.split("\n")[0] : String(err)})`, {
      cause: err,
    });
  }
}

async function waitFor<T>(f: () => T | null, what: string, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = f();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
