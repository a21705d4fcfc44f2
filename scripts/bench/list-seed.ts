/**
 * SQL that seeds the lists benchmark inside the database (generate_series),
 * with realistic article bodies: 2 to 19 HTML paragraphs (2–20 KB) over a
 * Zipf-like vocabulary of common words plus a long tail of rare made-up words,
 * so full-text search has frequent, rare and unique words to find.
 *
 * PGlite computes to_tsvector at about 3 MB/s, so deriving search_vector for
 * 1.2 GB of text would take minutes. The seed therefore computes the vector
 * of each of 2,000 distinct bodies once and gives every article the vector of
 * its body joined with that of its title and excerpt and its owner lexeme: the
 * same lexemes the generated column would hold (positions shifted). For that, and only in the
 * benchmark's throwaway database, search_vector stops being generated
 * (`drop expression`); nothing in the benchmark writes articles afterwards.
 * The GIN index is rebuilt after the bulk insert, as a restore would.
 */

/** Common words of garden, kitchen and travel writing: the head of the vocabulary. */
const COMMON_WORDS = (
  "the of and to in a is that for it as with was on be by this are or from at have an they which you one " +
  "garden soil compost water plant plants seed seeds grow growing roots leaves flower flowers bed beds " +
  "spring summer autumn winter season harvest tomato tomatoes pepper beans squash lettuce herbs basil " +
  "mint rosemary thyme pruning mulch weeds worms fertiliser sunlight shade frost greenhouse trellis " +
  "kitchen recipe bread flour butter sugar oven bake baking dough yeast salt garlic onion olive " +
  "oil lemon sauce simmer roast fresh dinner lunch breakfast travel city journey train station market " +
  "coast mountain river valley village hotel museum street coffee morning evening weekend guide tips " +
  "beginner simple easy practical quick better small large early late warm cool dry wet light heavy " +
  "week month year day time people home family friends work project plan list step steps method idea " +
  "because however although while before after during between through without within around often " +
  "never always sometimes usually really quite very much more most less least first second last next"
).split(" ");

/** Syllables of the long tail: rare made-up words, as names and jargon are in real writing. */
const SYLLABLES = "ka lo mi ne ru sa te vo zi pa do fe gu hi ja ko lu ma no pe ri so tu va we xi yo ze bra cle dri fro gla pli sto"
  .split(" ");

const sqlArray = (items: string[]) => `array[${items.map((item) => `'${item}'`).join(",")}]`;

/** A word in exactly one article in 100 (every 100th), the search figure's target. */
export const RARE_WORD = "heliotrope";

const PARAGRAPHS = 4_000;
const BODIES = 2_000;

/**
 * bench_paragraphs: 4,000 paragraphs of 170–210 words (about 1.1 KB), 85 % of
 * the words common (the frequent ones most often), 15 % long-tail; then
 * bench_bodies: 2,000 article bodies of 2 to 19 paragraphs, each with its
 * search vector and its opening words (for titles and excerpts).
 */
export function bodiesSql(): string[] {
  const syllable = (skew: string) => `(${sqlArray(SYLLABLES)})[1 + floor(${skew} * ${SYLLABLES.length})::int]`;
  return [
    `create table bench_paragraphs as
     select p as id, '<p>' || string_agg(
         case when random() < 0.85
           then (${sqlArray(COMMON_WORDS)})[1 + floor(power(random(), 2) * ${COMMON_WORDS.length})::int]
           else ${syllable("random()")} || ${syllable("random()")} || ${syllable("power(random(), 3)")}
         end, ' ') || '.</p>' as html
     from generate_series(1, ${PARAGRAPHS}) as p
     cross join lateral generate_series(1, 170 + (p * 37) % 41) as w
     group by p`,
    `create table bench_bodies as
     select b as id, string_agg(p.html, '' order by k) as html
     from generate_series(1, ${BODIES}) as b
     cross join lateral generate_series(0, 1 + b % 18) as k
     join bench_paragraphs p on p.id = 1 + (b * 17 + k * 211) % ${PARAGRAPHS}
     group by b`,
    `alter table bench_bodies add column vector tsvector, add column opening text`,
    `update bench_bodies set
       vector = to_tsvector('english', html),
       opening = left(regexp_replace(left(html, 400), '<[^>]+>', '', 'g'), 160)`,
    `alter table public.articles alter column search_vector drop expression`,
    `drop index public.articles_search_vector_idx`,
  ];
}

/**
 * Inserts `perUser` articles for each row of `users` (columns id, ordinal):
 * statuses mixed (a quarter scheduled), one second apart, updated up to six
 * days after creation, the body of one of the 2,000, and the rare word in
 * every 100th.
 */
export function articlesSql(users: string, perUser: number): string {
  return `
    insert into public.articles (user_id, title, excerpt, content, status, scheduled_for, categories, tags,
                                 created_at, updated_at, search_vector)
    select a.user_id, a.title, a.excerpt, a.content, a.status, a.scheduled_for, a.categories, a.tags,
           a.created_at, a.updated_at,
           to_tsvector('english', a.title || ' ' || a.excerpt) || a.vector
             || case when a.rare then to_tsvector('english', 'The ${RARE_WORD} flowered.') else ''::tsvector end
             || array_to_tsvector(array['~' || a.user_id::text])
    from (
      select u.id as user_id,
             initcap(split_part(t.opening, ' ', 3)) || ' ' || split_part(t.opening, ' ', 4) || ' '
               || split_part(t.opening, ' ', 5) || ' ' || split_part(t.opening, ' ', 6) as title,
             b.opening as excerpt,
             b.html || case when n % 100 = 0 then '<p>The ${RARE_WORD} flowered.</p>' else '' end as content,
             b.vector,
             n % 100 = 0 as rare,
             (array['draft', 'published', 'published', 'scheduled'])[1 + n % 4] as status,
             case when n % 4 = 3 then now() + interval '30 days' end as scheduled_for,
             array[(array['Garden', 'Kitchen', 'Travel'])[1 + n % 3]] as categories,
             array['tips', 'guide'] as tags,
             now() - make_interval(secs => u.ordinal * ${perUser} + n) as created_at,
             now() - make_interval(secs => u.ordinal * ${perUser} + n) + make_interval(days => n % 7) as updated_at
      from (${users}) as u
      cross join generate_series(1, ${perUser}) as n
      join bench_bodies b on b.id = 1 + (n * 7919 + u.ordinal * 31) % ${BODIES}
      join bench_bodies t on t.id = 1 + (n * 13 + u.ordinal * 7) % ${BODIES}
    ) as a`;
}

/** The GIN index as the migration creates it, built once after the bulk insert; then statistics and the visibility map. */
export const finishSql = [
  "create index articles_search_vector_idx on public.articles using gin (search_vector)",
  "drop table bench_paragraphs, bench_bodies",
  "vacuum analyze",
];

/** `count` library images (metadata only: the list never reads the files), newest one a minute ago. */
export function imagesSql(userId: string, count: number): string {
  return `
    insert into public.generated_images (user_id, storage_path, public_url, prompt, image_size, style_preset,
                                         num_inference_steps, guidance_scale, content_type, byte_size, created_at)
    select '${userId}', '${userId}/bench-' || n || '.png', 'https://storage.test/${userId}/bench-' || n || '.png',
           'A bench image number ' || n, 'square_hd', 'photographic', 30, 7.5, 'image/png', 1048576,
           now() - make_interval(mins => n)
    from generate_series(1, ${count}) as n`;
}
