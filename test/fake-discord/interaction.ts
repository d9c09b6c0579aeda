// The test-side handle of one interaction the fake sent to the bot.
import type { AckInfo, FakeMessage, FakeUser, RestCall } from "./model.js";

export type InteractionKind = "command" | "component" | "autocomplete" | "modal";

export interface InteractionHost {
  readonly ackDeadlineMs: number;
  message(id: string): FakeMessage | undefined;
  callsFor(interactionId: string): RestCall[];
  waitFor<T>(probe: () => T | undefined | null | false, what: string, timeoutMs: number): Promise<T>;
}

export class FakeInteraction {
  /** Interaction type: 2 command, 3 component, 4 autocomplete, 5 modal submit. */
  readonly type: number;
  /** Wall-clock ms when the fake created (and dispatched) it; the 3 s deadline counts from here. */
  readonly createdAtMs: number;
  /** performance.now() at creation, for latency. */
  readonly createdAtPerf: number;
  /** Token clock at creation (see FakeDiscord.advanceTokenClock). */
  readonly createdAtToken: number;
  /** The acknowledgement once it arrived (see also the `ack` promise). */
  acknowledgement: AckInfo | null = null;
  /**
   * Why a real Discord client could not have sent this (a custom_id absent from the message, a
   * disabled button, someone else's ephemeral message…), or null. Such clicks are still sent:
   * they stand for forged or stale requests.
   */
  forged: string | null = null;
  private ackPromise: Promise<AckInfo> | null = null;
  /** The deadline passed without an acknowledgement. */
  failed = false;
  /** "@original": the response message (or, for 6/7 on a component, the component's message). */
  originalMessageId: string | null = null;
  readonly followUpIds: string[] = [];
  /** Autocomplete answer (callback type 8). */
  choices: { name: string; value: string | number }[] | null = null;
  /** Modal shown (callback type 9). */
  modal: any = null;
  /** Sent while no bot session was connected. */
  undelivered = false;

  constructor(
    private readonly host: InteractionHost,
    readonly init: {
      id: string;
      token: string;
      kind: InteractionKind;
      user: FakeUser;
      channelId: string;
      guildId: string | null;
      commandName: string | null;
      customId: string | null;
      values: string[] | null;
      sourceMessageId: string | null;
      payload: any;
      createdAtToken: number;
    },
  ) {
    this.type = { command: 2, component: 3, autocomplete: 4, modal: 5 }[init.kind];
    this.createdAtMs = Date.now();
    this.createdAtPerf = performance.now();
    this.createdAtToken = init.createdAtToken;
  }

  get id(): string {
    return this.init.id;
  }
  get token(): string {
    return this.init.token;
  }
  get kind(): InteractionKind {
    return this.init.kind;
  }
  get user(): FakeUser {
    return this.init.user;
  }
  get channelId(): string {
    return this.init.channelId;
  }
  /** The raw INTERACTION_CREATE payload that was dispatched. */
  get payload(): any {
    return this.init.payload;
  }
  /** Latency from dispatch to acknowledgement, or null while unacknowledged. */
  get latencyMs(): number | null {
    return this.acknowledgement?.latencyMs ?? null;
  }
  get ephemeral(): boolean | null {
    return this.acknowledgement ? this.acknowledgement.ephemeral : null;
  }

  /**
   * Resolves with the acknowledgement; rejects if none comes within the deadline (+1 s grace).
   * The same promise every time; never an unhandled rejection if nobody awaits it.
   */
  get ack(): Promise<AckInfo> {
    if (!this.ackPromise) {
      this.ackPromise = this.acked();
      this.ackPromise.catch(() => undefined);
    }
    return this.ackPromise;
  }

  describe(): string {
    const what =
      this.kind === "command" || this.kind === "autocomplete"
        ? `/${this.init.commandName}`
        : `${this.kind} "${this.init.customId}"`;
    return `${this.kind} interaction ${this.id} (${what} by ${this.user.username})`;
  }

  /** Waits for the acknowledgement (callback). Rejects if it does not come within the deadline (+ grace). */
  acked(timeoutMs = this.host.ackDeadlineMs + 1000): Promise<AckInfo> {
    return this.host.waitFor(() => this.acknowledgement, `the acknowledgement of ${this.describe()}`, timeoutMs);
  }

  /** Current @original message, or null. */
  response(): FakeMessage | null {
    return this.originalMessageId ? (this.host.message(this.originalMessageId) ?? null) : null;
  }

  /** Same as response(). */
  reply(): FakeMessage | null {
    return this.response();
  }

  /**
   * Waits until @original exists, is no longer "thinking…" and satisfies `predicate`.
   * For a component click answered with 6/7 this is the clicked message itself.
   */
  waitForResponse(predicate: (m: FakeMessage) => boolean = () => true, timeoutMs = 5000): Promise<FakeMessage> {
    return this.host.waitFor(
      () => {
        const m = this.response();
        return m && !m.loading && predicate(m) ? m : null;
      },
      `a response to ${this.describe()}`,
      timeoutMs,
    );
  }

  followUps(): FakeMessage[] {
    return this.followUpIds.map((id) => this.host.message(id)).filter((m): m is FakeMessage => Boolean(m));
  }

  waitForFollowUp(predicate: (m: FakeMessage) => boolean = () => true, timeoutMs = 5000): Promise<FakeMessage> {
    return this.host.waitFor(() => this.followUps().find(predicate), `a follow-up to ${this.describe()}`, timeoutMs);
  }

  /** @original and follow-ups. */
  messages(): FakeMessage[] {
    const original = this.response();
    return original ? [original, ...this.followUps().filter((m) => m.id !== original.id)] : this.followUps();
  }

  /** Every REST call made with this interaction's id or token. */
  calls(): RestCall[] {
    return this.host.callsFor(this.id);
  }
}
