import "../../lib/zod-jitless";
import { useEffect, useMemo, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { ColumnDef } from "@tanstack/react-table";
import { BookOpen, CloudOff, Link2, Pencil, Plus, Send, Trash2 } from "lucide-react";
import { TRASH_DAYS } from "@agency/core/contract/trash";
import { blogPostInput, blogPostUpdate, type BlogPostFields, type BlogPost, type BlogPostSummary } from "@agency/core/contract/blog";
import { blogCategories, categoryLabel, postDate, slugify } from "@agency/core/contract/blog-values";
import { fieldErrors } from "@agency/core/contract/common";
import { useApiErrorHandler } from "../../components/admin/api-errors";
import { Badge } from "../../components/admin/badge";
import { actionOutline, actionPrimary } from "../../components/admin/classes";
import { actionsColumn, dateColumn } from "../../components/admin/columns";
import { DataTable, fromPagedList } from "../../components/admin/data-table";
import { EditorDialog } from "../../components/admin/editor-dialog";
import { EmptyState } from "../../components/admin/empty-state";
import { FilterBar, SearchBox, useDebouncedValue } from "../../components/admin/filters";
import { useHistoryLink, useLinkedId } from "../../components/admin/history";
import { CheckboxField, SelectField, TextAreaField, TextField } from "../../components/admin/form-fields";
import { PageHeader } from "../../components/admin/page-header";
import { RichTextEditor } from "../../components/admin/rich-text-editor";
import { RowAction } from "../../components/admin/row-actions";
import { useToast } from "../../components/admin/toasts";
import { useConfirmedDelete } from "../../components/admin/use-confirmed-delete";
import { useRecordEditor, type FieldValues } from "../../components/admin/use-record-editor";
import { Spinner } from "../../components/spinner";
import { formatDateTime } from "../../lib/format";
import { useStableCallback } from "../../lib/use-stable-callback";
import { ImageSourceButtons } from "../../features/media/image-picker";
import { ImageUrlField } from "../../features/media/image-url-field";
import { PreviewActions } from "../../features/blog/preview-actions";
import { fetchPost, useAdminBlogPosts, useDeletePost, useSavePost, useTogglePublished } from "../../features/blog/admin-api";

/** The contract's fields as the editor holds them (the select keeps whatever category is stored). */
type PostValues = FieldValues<BlogPostFields>;

const toValues = (p: BlogPost | undefined): PostValues => ({
  title: p?.title ?? "",
  slug: p?.slug ?? "",
  content: p?.content ?? "",
  excerpt: p?.excerpt ?? "",
  category: p?.category ?? "",
  featured_image_url: p?.featured_image_url ?? "",
  featured_image_alt: p?.featured_image_alt ?? "",
  author_name: p?.author_name ?? "",
  seo_title: p?.seo_title ?? "",
  seo_description: p?.seo_description ?? "",
  social_image_url: p?.social_image_url ?? "",
  is_published: p?.is_published ?? false,
  publish_at: p?.publish_at ?? "",
});

/** The editor holds "" for no schedule; the API takes null. */
const toWire = <T extends Partial<PostValues>>(fields: T) => ("publish_at" in fields ? { ...fields, publish_at: fields.publish_at || null } : fields);

/** The admin's time zone, as the browser names it (e.g. "Europe/Paris"). */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const pad = (n: number) => String(n).padStart(2, "0");
/** An instant as a datetime-local control shows it: the admin's local date and time. */
const toLocalInput = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};
/** A datetime-local value (local time, no zone) as the UTC instant the API stores; "" stays "". */
const fromLocalInput = (local: string) => {
  const d = local ? new Date(local) : undefined;
  return d && !Number.isNaN(d.getTime()) ? d.toISOString() : "";
};

const labels: Record<keyof PostValues, string> = {
  title: "Title",
  slug: "Slug",
  content: "Content",
  excerpt: "Excerpt",
  category: "Category",
  featured_image_url: "Featured Image URL",
  featured_image_alt: "Featured Image Alt Text",
  author_name: "Author Name",
  seo_title: "SEO Title",
  seo_description: "SEO Description",
  social_image_url: "Social Image URL",
  is_published: "Publish immediately",
  publish_at: "Schedule publication",
};

const categoryOptions = [{ value: "", label: "No category" }, ...blogCategories.map((c) => ({ value: c, label: categoryLabel(c) }))];

/** SPEC §9: the admin list's excerpt is cut at 100 characters. */
const cut = (text: string) => (text.length > 100 ? `${text.slice(0, 100)}...` : text);

const publicUrl = (slug: string) => `${window.location.origin}/blog/${slug}`;

function PostEditor({ post, onClose, openHistory = false }: { post: BlogPost | undefined; onClose: () => void; openHistory?: boolean }) {
  const save = useSavePost();
  const toast = useToast();
  // While creating, the slug follows the title until the admin edits the slug themselves.
  const [slugTouched, setSlugTouched] = useState(false);
  const editor = useRecordEditor<BlogPost, PostValues>({
    record: post,
    toValues,
    labels,
    validate: (values, changes) => {
      const parsed = post ? blogPostUpdate.safeParse({ ...toWire(changes), version: post.version }) : blogPostInput.safeParse(toWire(values));
      if (parsed.success) return undefined;
      const errors = fieldErrors(parsed.error);
      // SPEC §8: an alert for each required field; the first one is announced, all show by their fields.
      toast.error(Object.values(errors)[0] ?? "Failed to save the blog post");
      return errors;
    },
    save: ({ values, changes, record }) => save.mutateAsync({ post: record, fields: toWire(record ? changes : values) }),
    reload: (p) => fetchPost(p.id),
    success: (_saved, created) => (created ? "Blog post created successfully!" : "Blog post updated successfully!"),
    fallback: (created) => (created ? "Failed to create blog post" : "Failed to update blog post"),
    onSaved: () => onClose(),
    draft: "blog-post",
  });
  const { values, set, errors } = editor;
  const creating = !post;

  return (
    <EditorDialog
      open
      title={creating ? "Create New Post" : "Edit Post"}
      editor={editor}
      onClose={onClose}
      width="max-w-5xl"
      saveLabel={creating ? "Create Post" : "Update Post"}
      history="blog-posts"
      openHistory={openHistory}
    >
      {post && <PreviewActions postId={post.id} unsaved={editor.dirty} />}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          label="Title"
          required
          value={values.title}
          onChange={(v) => {
            set("title", v);
            if (creating && !slugTouched) set("slug", slugify(v));
          }}
          error={errors.title}
        />
        <TextField
          label="Slug"
          required
          hint={`The post's address: /blog/${values.slug || "your-post"}`}
          value={values.slug}
          onChange={(v) => {
            setSlugTouched(true);
            set("slug", v);
          }}
          error={errors.slug}
        />
      </div>
      <RichTextEditor
        label="Content"
        required
        value={values.content}
        onChange={(v) => set("content", v)}
        error={errors.content}
        imageSources={(pick) => <ImageSourceButtons label="body image" onPick={pick} />}
      />
      <TextAreaField
        label="Excerpt"
        hint="Shown in lists; left empty, the first 150 characters of the content are used."
        rows={3}
        value={values.excerpt}
        onChange={(v) => set("excerpt", v)}
        error={errors.excerpt}
      />
      <div className="grid gap-4 md:grid-cols-2">
        <SelectField label="Category" value={values.category} onChange={(v) => set("category", v)} options={categoryOptions} error={errors.category} />
        <TextField label="Author Name" value={values.author_name} onChange={(v) => set("author_name", v)} error={errors.author_name} />
      </div>
      <ImageUrlField
        label="Featured Image URL"
        value={values.featured_image_url}
        onChange={(v) => set("featured_image_url", v)}
        error={errors.featured_image_url}
        alt={{ value: values.featured_image_alt, onChange: (v) => set("featured_image_alt", v), error: errors.featured_image_alt }}
      />
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-700">Search and social previews</legend>
        <TextField
          label="SEO Title"
          hint="The title search engines and link previews show; left empty, the post's title."
          value={values.seo_title}
          onChange={(v) => set("seo_title", v)}
          error={errors.seo_title}
        />
        <TextAreaField
          label="SEO Description"
          hint="Left empty, the excerpt."
          rows={2}
          value={values.seo_description}
          onChange={(v) => set("seo_description", v)}
          error={errors.seo_description}
        />
        <ImageUrlField label="Social Image URL" value={values.social_image_url} onChange={(v) => set("social_image_url", v)} error={errors.social_image_url} />
      </fieldset>
      <CheckboxField
        label={creating ? "Publish immediately" : "Published"}
        hint={creating ? "Left off, the post is saved as a draft." : "Visitors see published posts only."}
        checked={values.is_published}
        onChange={(v) => set("is_published", v)}
      />
      {!values.is_published && (
        <div>
          <TextField
            label="Schedule publication"
            type="datetime-local"
            hint={`Date and time in your time zone (${timeZone()}). The post goes live then; left empty, it stays a draft.`}
            value={toLocalInput(values.publish_at)}
            onChange={(v) => set("publish_at", fromLocalInput(v))}
            error={errors.publish_at}
          />
          {values.publish_at && (
            <div className="mt-2 flex flex-wrap items-center gap-3">
              <p className="text-sm text-slate-700">
                Goes live <time dateTime={values.publish_at}>{formatDateTime(values.publish_at, { withYear: true })}</time> ({timeZone()})
              </p>
              <button type="button" className={actionOutline} onClick={() => set("publish_at", "")}>
                Clear schedule
              </button>
            </div>
          )}
        </div>
      )}
    </EditorDialog>
  );
}

/** Opens a post whole (the list holds summaries) before its editor mounts. */
function EditExisting({ id, onClose, openHistory }: { id: string; onClose: () => void; openHistory: boolean }) {
  // Read fresh each time it opens (no cached copy: the editor must start from the stored version).
  const post = useQuery({ queryKey: ["admin", "blog-post", id], queryFn: () => fetchPost(id), gcTime: 0, retry: false });
  const showError = useApiErrorHandler();
  const fail = useStableCallback((err: unknown) => {
    showError(err, { fallback: "Failed to load blog post" });
    onClose();
  });
  useEffect(() => {
    if (post.error) fail(post.error);
  }, [post.error, fail]);
  if (!post.data) return <Spinner label="Loading post" className="fixed inset-0 z-[60] bg-slate-950/30" />;
  return <PostEditor post={post.data} onClose={onClose} openHistory={openHistory} />;
}

/** /admin/blog: 'Blog Management', the posts with search, publish toggle, copy URL, edit and delete. */
export default function BlogPage() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const list = useAdminBlogPosts(q);
  const toggle = useTogglePublished();
  const remove = useDeletePost();
  const toast = useToast();
  const showError = useApiErrorHandler();
  // undefined: closed; null: a new post; a string: editing that post (an Activity link's, with its History).
  // An Overview row's link (?open=) opens the post's editor alone.
  const linked = useHistoryLink();
  const opened = useLinkedId("open");
  const [editing, setEditing] = useState<string | null | undefined>(linked ?? opened);
  const [historyFor, setHistoryFor] = useState(linked);

  const [deleteDialog, requestDelete] = useConfirmedDelete<BlogPostSummary>({
    title: "Delete post",
    message: `Are you sure you want to delete this blog post? It goes to the Trash, where it can be restored for ${TRASH_DAYS} days.`,
    remove: (p) => remove.mutateAsync(p),
    success: "Blog post deleted successfully!",
    fallback: "Failed to delete blog post",
    onReload: () => list.refetch(),
  });

  const togglePublished = useStableCallback((p: BlogPostSummary) =>
    toggle.mutate(p, {
      onSuccess: (saved) => toast.success(saved.is_published ? "Blog post published successfully!" : "Blog post unpublished successfully!"),
      onError: (err) => showError(err, { fallback: "Failed to update publish status", onReload: () => void list.refetch() }),
    }),
  );
  const copyUrl = useStableCallback((p: BlogPostSummary) =>
    navigator.clipboard.writeText(publicUrl(p.slug)).then(
      () => toast.success("Blog URL copied to clipboard!"),
      () => toast.error("Could not copy the URL"),
    ),
  );

  // Built once: TanStack renders each cell function as a component, so new functions would
  // remount every row (and lose the focus a dialog returns to its opener).
  const columns = useMemo<ColumnDef<BlogPostSummary>[]>(
    () => [
      {
        id: "post",
        header: "Post",
        meta: { className: "min-w-[18rem]" },
        cell: ({ row: { original: p } }) => (
          <div className="min-w-0">
            <p className="font-semibold text-slate-900">{p.title}</p>
            <p className="font-mono text-xs break-all text-slate-600">/{p.slug}</p>
            {p.excerpt && <p className="mt-1 text-sm text-slate-700">{cut(p.excerpt)}</p>}
          </div>
        ),
      },
      { id: "category", header: "Category", cell: ({ row }) => (row.original.category ? categoryLabel(row.original.category) : "—") },
      {
        id: "status",
        header: "Status",
        cell: ({ row: { original: p } }) =>
          p.is_published ? (
            <Badge tone="green">Published</Badge>
          ) : p.publish_at ? (
            <div>
              <Badge tone="blue">Scheduled</Badge>
              <p className="mt-1 text-xs text-slate-700">
                Scheduled for <time dateTime={p.publish_at}>{formatDateTime(p.publish_at)}</time>
              </p>
            </div>
          ) : (
            <Badge tone="amber">Draft</Badge>
          ),
      },
      dateColumn<BlogPostSummary>("date", "Date", (p) => postDate(p)),
      actionsColumn<BlogPostSummary>((p) => (
        <>
          <RowAction label={p.is_published ? "Unpublish" : "Publish"} icon={p.is_published ? CloudOff : Send} withText onClick={() => togglePublished(p)} />
          <RowAction label="Copy URL" icon={Link2} onClick={() => void copyUrl(p)} />
          <RowAction label="Edit post" icon={Pencil} onClick={() => setEditing(p.id)} />
          <RowAction label="Delete post" icon={Trash2} danger onClick={() => void requestDelete(p)} />
        </>
      )),
    ],
    [togglePublished, copyUrl, requestDelete],
  );

  return (
    <div>
      <PageHeader
        title="Blog Management"
        actions={
          <button type="button" className={actionPrimary} onClick={() => setEditing(null)}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New Post
          </button>
        }
      />
      <FilterBar label="Search posts">
        <SearchBox label="Search posts" placeholder="Search by title, excerpt, content, slug or author..." value={search} onChange={setSearch} />
      </FilterBar>
      <DataTable
        caption="Blog posts"
        {...fromPagedList(list)}
        columns={columns}
        getRowId={(p) => p.id}
        onRowOpen={(p) => setEditing(p.id)}
        empty={<EmptyState icon={BookOpen} title="No posts found" hint={q ? "Try adjusting your search term" : "Use New Post to write the first one."} />}
      />
      {editing === null && <PostEditor post={undefined} onClose={() => setEditing(undefined)} />}
      {typeof editing === "string" && (
        <EditExisting
          key={editing}
          id={editing}
          openHistory={editing === historyFor}
          onClose={() => {
            setEditing(undefined);
            setHistoryFor(undefined);
          }}
        />
      )}
      {deleteDialog}
    </div>
  );
}
