/** redactUrl: a database URL shown in a message or log line never shows its password, however short. */
import { expect, it } from "vitest";
import { redactUrl } from "../../src/store/records.js";

it("hides a password of any length, keeping the rest of the URL to read", () => {
  expect(redactUrl("postgresql://hearts:s3cret-Pa55word@db.example:5432/hearts")).toBe("postgresql://hearts:…@db.example:5432/hearts");
  expect(redactUrl("postgresql://hearts:x@db.example:5432/hearts")).toBe("postgresql://hearts:…@db.example:5432/hearts");
  expect(redactUrl("postgres://u:@h/db")).toBe("postgres://u:…@h/db");
  expect(redactUrl("postgresql://:pw@h/db?schema=x")).toBe("postgresql://:…@h/db?schema=x");
});

it("a password written with a raw @, / or ? is hidden whole", () => {
  expect(redactUrl("postgresql://u:p@ss@h:5432/db")).toBe("postgresql://u:…@h:5432/db");
  expect(redactUrl("postgresql://u:a/b@h/db")).toBe("postgresql://u:…@h/db");
  expect(redactUrl("postgresql://u:a?b#c@h/db?sslmode=require")).toBe("postgresql://u:…@h/db?sslmode=require");
});

it("leaves URLs without a password as they are", () => {
  for (const url of ["postgresql://hearts@db.example/hearts", "postgresql://db.example:5432/hearts", "file:./data/hearts.db", "not a url"])
    expect(redactUrl(url)).toBe(url);
});
