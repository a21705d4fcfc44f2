export default function EditArticlePage() {
  return <h1>Edit Article</h1>;
}
