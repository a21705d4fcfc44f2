/**
 * robots.txt as RFC 9309 (the Robots Exclusion Protocol) reads it. Pure.
 *
 * - Lines are `field: value`; `#` starts a comment; field names are
 *   case-insensitive (§2.2). Unknown fields are ignored.
 * - A group is one or more `user-agent` lines followed by rules; groups
 *   naming the same product token are merged (§2.2.1). A crawler obeys the
 *   groups naming its product token (case-insensitive), else the `*` group,
 *   else nothing is disallowed.
 * - `allow` / `disallow` values are path patterns: `*` matches any run of
 *   characters, a final `$` anchors the end (§2.2.3). The longest matching
 *   pattern wins; on a tie `allow` wins (§2.2.2). An empty `disallow`
 *   disallows nothing.
 * - `sitemap` lines are not part of any group (§2.3.5 refers to them as
 *   "other records"; Google: "not tied to any specific user agent").
 * - Crawlers may stop at 500 KiB (§2.5): we read no more than that.
 */

export const ROBOTS_TXT_MAX_BYTES = 500 * 1024;

export interface RobotsRule {
  allow: boolean;
  pattern: string;
}

export interface RobotsTxt {
  /** Rules per lower-cased product token (`*` included). */
  groups: Map<string, RobotsRule[]>;
  /** Absolute `Sitemap:` URLs, in order. */
  sitemaps: string[];
}

export function parseRobotsTxt(text: string): RobotsTxt {
  const groups = new Map<string, RobotsRule[]>();
  const sitemaps: string[] = [];
  /** The agents of the group being read; a user-agent line after a rule starts a new group. */
  let agents: string[] = [];
  let readingAgents = false;

  for (const rawLine of text.slice(0, ROBOTS_TXT_MAX_BYTES).split(/\r\n|\r|\n/)) {
    const line = rawLine.replace(/#.*$/, "").trim();
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const field = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (field === "user-agent") {
      if (!readingAgents) agents = [];
      readingAgents = true;
      const token = value.toLowerCase();
      agents.push(token);
      if (!groups.has(token)) groups.set(token, []);
    } else if (field === "allow" || field === "disallow") {
      readingAgents = false;
      // Rules before any user-agent line belong to no group (§2.2.1).
      if (field === "disallow" && value === "") continue;
      for (const agent of agents) groups.get(agent)!.push({ allow: field === "allow", pattern: value });
    } else if (field === "sitemap") {
      if (value) sitemaps.push(value);
    }
    // Other fields (crawl-delay, host…) are ignored and do not end a group's user-agent lines.
  }
  return { groups, sitemaps };
}

/** Percent-encodes what a path pattern or path may hold unencoded, so both compare alike (§2.2.2). */
function normalisePath(path: string): string {
  return path.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase()).replace(
    /[^\x21-\x7e]/g,
    (char) => encodeURIComponent(char),
  );
}

/** Whether `pattern` matches `path` from its start (§2.2.3). */
export function patternMatches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith("$");
  const body = normalisePath(anchored ? pattern.slice(0, -1) : pattern);
  const source = body.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*");
  return new RegExp(`^${source}${anchored ? "$" : ""}`).test(normalisePath(path));
}

/**
 * The rules the crawler with `productToken` (e.g. "googlebot") obeys: its
 * own groups, else `*`'s.
 */
export function rulesFor(robots: RobotsTxt, productToken: string): RobotsRule[] {
  const own = robots.groups.get(productToken.toLowerCase());
  if (own && own.length > 0) return own;
  if (own) return [];
  return robots.groups.get("*") ?? [];
}

export interface RobotsVerdict {
  allowed: boolean;
  /** The rule that decided, `Disallow: /private/`; null when none matched. */
  rule: string | null;
}

/** Whether `url` (its path and query) may be crawled by `productToken`. */
export function isAllowed(robots: RobotsTxt, productToken: string, url: URL): RobotsVerdict {
  const path = `${url.pathname}${url.search}`;
  if (path === "/robots.txt") return { allowed: true, rule: null };
  let best: RobotsRule | null = null;
  for (const rule of rulesFor(robots, productToken)) {
    if (!patternMatches(rule.pattern, path)) continue;
    if (
      !best || rule.pattern.length > best.pattern.length ||
      (rule.pattern.length === best.pattern.length && rule.allow && !best.allow)
    ) best = rule;
  }
  if (!best) return { allowed: true, rule: null };
  return { allowed: best.allow, rule: `${best.allow ? "Allow" : "Disallow"}: ${best.pattern}` };
}
