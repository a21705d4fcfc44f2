// The part of jsdom's API that critical-css.ts uses. jsdom ships no types,
// and @types/jsdom brings in the DOM library, which clashes with Deno's types
// when `deno check` reads the scripts.
declare module "jsdom" {
  export class JSDOM {
    constructor(html: string);
    readonly window: { readonly document: { querySelector(selector: string): unknown } };
  }
}
