import assert from "node:assert/strict";
import { parseDotenv } from "./dotenv.ts";

Deno.test("parseDotenv handles comments, export, quotes and escapes", () => {
  assert.deepEqual(
    parseDotenv([
      "# a comment",
      "",
      "PLAIN=value",
      "SPACED = padded value  ",
      "export EXPORTED=yes",
      'DOUBLE="line1\\nline2 # not a comment"',
      "SINGLE='raw \\n kept'",
      "TRAILING=value # comment",
      "EMPTY=",
      "URL=postgres://u:p@h:5432/db?x=1#frag",
      "not an assignment",
    ].join("\r\n")),
    {
      PLAIN: "value",
      SPACED: "padded value",
      EXPORTED: "yes",
      DOUBLE: "line1\nline2 # not a comment",
      SINGLE: "raw \\n kept",
      TRAILING: "value",
      EMPTY: "",
      URL: "postgres://u:p@h:5432/db?x=1#frag",
    },
  );
});
