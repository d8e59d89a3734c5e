export default function Page() {
  return <div className="p-8"><h1 className="text-2xl font-bold">admin/admin-app</h1></div>;
}
