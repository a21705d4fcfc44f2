export default function ArticlesPage() {
  return <h1>Articles</h1>;
}
