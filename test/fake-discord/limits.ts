/**
 * Discord's documented payload limits, checked the way Discord checks them: a breach is answered
 * with 400 code 50035 (Invalid Form Body), so a bot that passes here will not be refused in
 * production for the same reason.
 */

const COMPONENT = { row: 1, button: 2, stringSelect: 3, textInput: 4, userSelect: 5, roleSelect: 6, mentionableSelect: 7, channelSelect: 8 } as const;
const SELECTS = new Set<number>([3, 5, 6, 7, 8]);

function len(v: unknown): number {
  return typeof v === "string" ? [...v].length : 0;
}

/** Problems with message content, embeds and components; empty when Discord would accept it. */
export function checkMessage(data: any, opts: { create: boolean; files: number }): string[] {
  const p: string[] = [];
  if (!data || typeof data !== "object") return opts.create && !opts.files ? ["Cannot send an empty message (code 50006)"] : [];
  if (len(data.content) > 2000) p.push(`content is ${len(data.content)} characters (max 2000)`);
  const embeds: any[] = data.embeds ?? [];
  if (embeds.length > 10) p.push(`${embeds.length} embeds (max 10)`);
  let embedTotal = 0;
  embeds.forEach((e, i) => {
    const limit = (what: string, v: unknown, max: number) => {
      embedTotal += len(v);
      if (len(v) > max) p.push(`embeds[${i}].${what} is ${len(v)} characters (max ${max})`);
    };
    limit("title", e?.title, 256);
    limit("description", e?.description, 4096);
    limit("footer.text", e?.footer?.text, 2048);
    limit("author.name", e?.author?.name, 256);
    const fields: any[] = e?.fields ?? [];
    if (fields.length > 25) p.push(`embeds[${i}] has ${fields.length} fields (max 25)`);
    fields.forEach((f, j) => {
      limit(`fields[${j}].name`, f?.name, 256);
      limit(`fields[${j}].value`, f?.value, 1024);
      if (!f?.name || !f?.value) p.push(`embeds[${i}].fields[${j}] needs a non-empty name and value`);
    });
  });
  if (embedTotal > 6000) p.push(`embeds total ${embedTotal} characters (max 6000)`);
  p.push(...checkComponents(data.components ?? [], "message"));
  const attachments: any[] = data.attachments ?? [];
  if (Math.max(attachments.length, opts.files) > 10) p.push(`${Math.max(attachments.length, opts.files)} attachments (max 10)`);
  if (opts.create && !len(data.content) && !embeds.length && !(data.components ?? []).length && !opts.files && !(data.sticker_ids ?? []).length && !data.poll) {
    p.push("Cannot send an empty message (code 50006)");
  }
  return p;
}

/** Action rows and what they hold, for messages (buttons and selects) and modals (text inputs). */
export function checkComponents(rows: any[], where: "message" | "modal"): string[] {
  const p: string[] = [];
  if (!Array.isArray(rows)) return ["components must be an array"];
  if (rows.length > 5) p.push(`${rows.length} action rows (max 5)`);
  const ids = new Set<string>();
  rows.forEach((row, r) => {
    if (row?.type !== COMPONENT.row) {
      p.push(`components[${r}] is type ${row?.type}, not an action row (1)`);
      return;
    }
    const cs: any[] = row.components ?? [];
    if (cs.length === 0) p.push(`components[${r}] is an empty action row`);
    if (cs.length > 5) p.push(`components[${r}] holds ${cs.length} components (max 5)`);
    const hasSelect = cs.some((c) => SELECTS.has(c?.type));
    if ((hasSelect || where === "modal") && cs.length > 1) p.push(`components[${r}]: a ${where === "modal" ? "text input" : "select menu"} must be alone in its row`);
    cs.forEach((c, i) => {
      const at = `components[${r}].components[${i}]`;
      if (c?.custom_id !== undefined) {
        if (typeof c.custom_id !== "string" || len(c.custom_id) < 1 || len(c.custom_id) > 100) p.push(`${at}.custom_id must be 1-100 characters (got ${len(c.custom_id)})`);
        else if (ids.has(c.custom_id)) p.push(`${at}.custom_id "${c.custom_id}" is used twice in one message (custom ids must be unique)`);
        ids.add(c.custom_id);
      }
      if (where === "modal") {
        if (c?.type !== COMPONENT.textInput) p.push(`${at} is type ${c?.type}; a modal row holds one text input (4)`);
        if (len(c?.label) < 1 || len(c?.label) > 45) p.push(`${at}.label must be 1-45 characters`);
        if (c?.max_length !== undefined && (c.max_length < 1 || c.max_length > 4000)) p.push(`${at}.max_length must be 1-4000`);
        if (!c?.custom_id) p.push(`${at} needs a custom_id`);
        return;
      }
      if (c?.type === COMPONENT.button) {
        if (len(c.label) > 80) p.push(`${at}.label is ${len(c.label)} characters (max 80)`);
        if (!c.label && !c.emoji) p.push(`${at}: a button needs a label or an emoji`);
        if (c.style === 5) {
          if (!c.url) p.push(`${at}: a link button needs a url`);
          if (c.custom_id) p.push(`${at}: a link button cannot have a custom_id`);
        } else if (c.style === 6) {
          if (!c.sku_id) p.push(`${at}: a premium button needs a sku_id`);
        } else {
          if (![1, 2, 3, 4].includes(c.style)) p.push(`${at}.style ${c.style} is not a button style`);
          if (!c.custom_id) p.push(`${at}: a button needs a custom_id`);
          if (c.url) p.push(`${at}: only link buttons have a url`);
        }
      } else if (SELECTS.has(c?.type)) {
        if (!c.custom_id) p.push(`${at}: a select menu needs a custom_id`);
        if (len(c.placeholder) > 150) p.push(`${at}.placeholder is ${len(c.placeholder)} characters (max 150)`);
        const min = c.min_values ?? 1;
        const max = c.max_values ?? 1;
        if (min < 0 || min > 25 || max < 1 || max > 25 || min > max) p.push(`${at}: min_values ${min} / max_values ${max} out of range (0-25, 1-25, min ≤ max)`);
        if (c.type === COMPONENT.stringSelect) {
          const options: any[] = c.options ?? [];
          if (options.length < 1 || options.length > 25) p.push(`${at} has ${options.length} options (1-25)`);
          if (max > options.length) p.push(`${at}.max_values ${max} exceeds its ${options.length} options`);
          const values = new Set<string>();
          options.forEach((o, k) => {
            if (len(o?.label) < 1 || len(o?.label) > 100) p.push(`${at}.options[${k}].label must be 1-100 characters`);
            if (len(o?.value) < 1 || len(o?.value) > 100) p.push(`${at}.options[${k}].value must be 1-100 characters`);
            if (len(o?.description) > 100) p.push(`${at}.options[${k}].description is over 100 characters`);
            if (values.has(o?.value)) p.push(`${at}.options[${k}].value "${o?.value}" is duplicated`);
            values.add(o?.value);
          });
        }
      } else p.push(`${at} is type ${c?.type}, which a message action row cannot hold`);
    });
  });
  return p;
}

export function checkModal(data: any): string[] {
  const p: string[] = [];
  if (!data?.custom_id || len(data.custom_id) > 100) p.push("modal custom_id must be 1-100 characters");
  if (len(data?.title) < 1 || len(data?.title) > 45) p.push("modal title must be 1-45 characters");
  const rows: any[] = data?.components ?? [];
  if (rows.length < 1 || rows.length > 5) p.push(`modal has ${rows.length} rows (1-5)`);
  return [...p, ...checkComponents(rows, "modal")];
}

export function checkChoices(data: any): string[] {
  const choices: any[] = data?.choices ?? [];
  const p: string[] = [];
  if (choices.length > 25) p.push(`${choices.length} autocomplete choices (max 25)`);
  choices.forEach((c, i) => {
    if (len(c?.name) < 1 || len(c?.name) > 100) p.push(`choices[${i}].name must be 1-100 characters`);
    if (typeof c?.value === "string" && len(c.value) > 100) p.push(`choices[${i}].value is over 100 characters`);
  });
  return p;
}

const NAME = /^[-_\p{L}\p{N}]{1,32}$/u;

/** Application command definitions (PUT /applications/:id/commands). */
export function checkCommands(body: any): string[] {
  if (!Array.isArray(body)) return ["commands must be an array"];
  const p: string[] = [];
  if (body.length > 100) p.push(`${body.length} commands (max 100)`);
  const checkOptions = (options: any[], at: string, depth: number) => {
    if (options.length > 25) p.push(`${at} has ${options.length} options (max 25)`);
    let optionalSeen = false;
    options.forEach((o, i) => {
      const here = `${at}.options[${i}] (${o?.name})`;
      if (!NAME.test(o?.name ?? "") || o.name !== o.name.toLowerCase()) p.push(`${here}: name must be 1-32 lowercase characters`);
      if (len(o?.description) < 1 || len(o?.description) > 100) p.push(`${here}: description must be 1-100 characters`);
      for (const [loc, d] of Object.entries(o?.description_localizations ?? {})) if (len(d) > 100) p.push(`${here}: ${loc} description over 100 characters`);
      const choices: any[] = o?.choices ?? [];
      if (choices.length > 25) p.push(`${here}: ${choices.length} choices (max 25)`);
      if (choices.length && o.autocomplete) p.push(`${here}: an option cannot have both choices and autocomplete`);
      if (o?.type === 1 || o?.type === 2) {
        if (depth >= 2 || (o.type === 2 && depth >= 1)) p.push(`${here}: subcommands nested too deep`);
        checkOptions(o.options ?? [], here, depth + 1);
      } else {
        if (o?.required && optionalSeen) p.push(`${here}: required options must come before optional ones`);
        if (!o?.required) optionalSeen = true;
      }
    });
  };
  body.forEach((c: any, i: number) => {
    const at = `commands[${i}] (${c?.name})`;
    if (!NAME.test(c?.name ?? "") || ((c.type ?? 1) === 1 && c.name !== c.name.toLowerCase())) p.push(`${at}: name must be 1-32 lowercase characters`);
    if ((c?.type ?? 1) === 1 && (len(c?.description) < 1 || len(c?.description) > 100)) p.push(`${at}: description must be 1-100 characters`);
    checkOptions(c?.options ?? [], at, 0);
  });
  return p;
}
