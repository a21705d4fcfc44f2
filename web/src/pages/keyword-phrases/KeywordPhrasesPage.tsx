export default function KeywordPhrasesPage() {
  return <h1>Keyword Phrases</h1>;
}
