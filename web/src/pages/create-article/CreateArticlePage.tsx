export default function CreateArticlePage() {
  return <h1>Create New Post</h1>;
}
