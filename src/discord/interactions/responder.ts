/**
 * Answers one interaction, in one place: every interaction is acknowledged within Discord's 3 s.
 * A handler declares its style ("reply": a new ephemeral message; "update": edit the message the
 * button is on) and calls send(); if it has not answered after `autoDeferMs`, or calls defer()
 * before slow work, the responder defers first and send() then edits the deferred answer.
 */
import { DiscordAPIError, MessageFlags, Routes, type REST, type RepliableInteraction } from "discord.js";
import type { Logger } from "../../log.js";
import { forEdit, forReply, forRest, type OutMessage } from "./message.js";

export type AckStyle = "reply" | "update";

export class Responder {
  private state: "none" | "deferred" | "answered" = "none";
  private pending: Promise<unknown> | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  private readonly received = performance.now();
  private acked = false;
  /** What a command answered with nothing else says (in the person's language; the router sets it). */
  doneText = "Done.";

  constructor(
    readonly interaction: RepliableInteraction,
    readonly style: AckStyle,
    private readonly log: Logger,
    autoDeferMs: number,
    /** Told once how long the bot took to send its acknowledgement. */
    private readonly onAck?: (ms: number) => void,
    /**
     * Edits and follow-ups after a deferral go through this client: interaction webhooks are
     * outside the bot's global rate limit, so they never queue behind channel posts.
     */
    private readonly webhook?: REST,
  ) {
    // defer() reports its own failure through failed(); the catch only satisfies the type.
    if (autoDeferMs >= 0) {
      this.timer = setTimeout(() => {
        this.defer().catch(() => undefined);
      }, autoDeferMs);
    }
  }

  /** Called as the first answer (reply, update or defer) leaves. */
  private acking(): void {
    if (this.acked) return;
    this.acked = true;
    this.onAck?.(performance.now() - this.received);
  }

  get answered(): boolean {
    return this.state === "answered";
  }

  /** Acknowledges now, if nothing has been sent yet. */
  defer(): Promise<void> {
    this.clearTimer();
    if (this.state !== "none") return (this.pending ?? Promise.resolve()).then(() => undefined);
    this.state = "deferred";
    this.acking();
    const i = this.interaction;
    const p =
      this.style === "update" && (i.isButton() || i.isAnySelectMenu()) ? i.deferUpdate() : i.deferReply({ flags: MessageFlags.Ephemeral });
    this.pending = p.catch((err) => this.failed(err, "defer"));
    return this.pending.then(() => undefined);
  }

  /**
   * Opens the app's Activity for the person (callback LAUNCH_ACTIVITY), as the first answer; if
   * something was already sent, `otherwise` is sent instead (an Activity is launched only at once).
   */
  async launchActivity(otherwise: OutMessage): Promise<void> {
    const state = await this.take();
    const i = this.interaction;
    if (state !== "none" || !(i.isButton() || i.isChatInputCommand())) {
      this.state = state;
      return this.send(otherwise);
    }
    try {
      await i.launchActivity();
    } catch (err) {
      this.failed(err, "launch the Activity");
    }
  }

  /** The answer. A second call adds an ephemeral follow-up. */
  async send(msg: OutMessage): Promise<void> {
    const state = await this.take();
    const i = this.interaction;
    try {
      if (state === "none") {
        if (this.style === "update" && (i.isButton() || i.isAnySelectMenu())) await i.update(forEdit(msg));
        else await i.reply(forReply(msg));
      } else if (state === "deferred") {
        await this.editOriginal(msg);
      } else {
        await this.postFollowUp(msg);
      }
    } catch (err) {
      this.failed(err, "send");
    }
  }

  private async editOriginal(msg: OutMessage): Promise<void> {
    const i = this.interaction;
    if (!this.webhook) {
      await i.editReply(forEdit(msg));
      return;
    }
    const { body, files } = forRest(msg, { edit: true });
    await this.webhook.patch(Routes.webhookMessage(i.applicationId, i.token, "@original"), { body, files, auth: false });
  }

  private async postFollowUp(msg: OutMessage): Promise<void> {
    const i = this.interaction;
    if (!this.webhook) {
      await i.followUp(forReply(msg));
      return;
    }
    const { body, files } = forRest(msg);
    await this.webhook.post(Routes.webhook(i.applicationId, i.token), {
      body: { ...body, flags: MessageFlags.Ephemeral },
      files,
      auth: false,
    });
  }

  /**
   * A new ephemeral message even when this handler's style is "update": for an answer that must
   * not replace the message clicked (someone else's menu, a forged button).
   */
  async separate(msg: OutMessage): Promise<void> {
    const state = await this.take();
    const i = this.interaction;
    try {
      if (state === "none") await i.reply(forReply(msg));
      else if (state === "deferred" && this.style === "reply") await this.editOriginal(msg);
      else await this.postFollowUp(msg);
    } catch (err) {
      this.failed(err, "separate");
    }
  }

  /** A short ephemeral sentence (a refusal, a confirmation). */
  say(text: string): Promise<void> {
    return this.send({ content: text });
  }

  /** A separate ephemeral message, after the answer. */
  async followUp(msg: OutMessage): Promise<void> {
    if (this.state !== "answered") return this.send(msg);
    try {
      await this.postFollowUp(msg);
    } catch (err) {
      this.failed(err, "follow-up");
    }
  }

  /** Makes sure Discord got an answer even if the handler sent none (it never shows "failed"). */
  async finish(): Promise<void> {
    this.clearTimer();
    if (this.pending) await this.pending;
    if (this.state === "none") {
      this.state = "answered";
      this.acking();
      const i = this.interaction;
      try {
        if (i.isButton() || i.isAnySelectMenu()) await i.deferUpdate();
        else await i.reply({ content: this.doneText, flags: MessageFlags.Ephemeral });
      } catch (err) {
        this.failed(err, "finish");
      }
    } else if (this.state === "deferred") {
      // Deferred but never answered: replace "thinking…" with a sentence.
      if (this.style === "reply") await this.send({ content: this.doneText });
    }
  }

  /**
   * Takes the answer for this call: waits for a deferral on its way, marks the interaction
   * answered, and returns what had been sent before (nothing, or a deferral).
   */
  private async take(): Promise<"none" | "deferred" | "answered"> {
    this.clearTimer();
    if (this.pending) await this.pending;
    const state = this.state;
    this.state = "answered";
    if (state === "none") this.acking();
    return state;
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private failed(err: unknown, what: string): void {
    const code = err instanceof DiscordAPIError ? err.code : undefined;
    // 10062: the interaction expired (answered too late); 40060: already answered elsewhere.
    this.log.warn(
      { err: err instanceof Error ? err.message : String(err), code, what, interaction: this.interaction.id },
      "could not answer an interaction",
    );
  }
}
