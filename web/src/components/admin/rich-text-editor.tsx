import { memo, useCallback, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { EditorContent, useEditor, useEditorState, type ChainedCommands, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import Image from "@tiptap/extension-image";
import { NodeSelection, TextSelection } from "@tiptap/pm/state";
import {
  Bold,
  Code,
  FileCode,
  Heading2,
  Heading3,
  Image as ImageIcon,
  Italic,
  Link as LinkIcon,
  List,
  ListOrdered,
  Quote,
  Redo2,
  SquareCode,
  Undo2,
  type LucideIcon,
} from "lucide-react";
import { isMediaPath } from "@agency/core/contract/media-path";
import { AltWarning } from "./alt-warning";
import { isAllowedUrl } from "@agency/core/contract/html-rules";
import { actionOutline, actionPrimary, fieldControl, iconAction, label as labelClass } from "./classes";

const URL_ERROR = "Enter an http(s) URL";
const IMAGE_URL_ERROR = "Enter an http(s) URL, or choose an image from the library";

/** An image of the content and what the Image form needs of it. */
export interface BodyImage {
  url: string;
  alt: string;
}

/**
 * What the Link and Image forms accept: an absolute URL of a scheme the stored HTML may keep
 * (contract/html-rules.ts: links http(s), mailto and tel; images http(s)), http(s) with a host.
 */
function isAcceptedUrl(url: string, tag: "a" | "img"): boolean {
  if (/\s/.test(url)) return false;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (!isAllowedUrl(tag, url)) return false;
  if (/^https?:\/\//i.test(url)) return parsed.hostname !== "";
  return tag === "a" && parsed.pathname !== "";
}

// Module-level so useEditor sees the same extensions on every render and never re-applies options.
const extensions = [
  StarterKit.configure({
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: "https",
      // Tiptap's default puts target="_blank" and rel="nofollow" on every link, existing ones too,
      // so opening and saving a post would rewrite its links; keep what the HTML says instead.
      HTMLAttributes: { target: null, rel: null },
      // Link's `protocols` option can only add schemes to the ones it allows anyway (ftp:, sms:,
      // ...). Holding links to the stored HTML's rules takes isAllowedUri, which guards parsing,
      // rendering, setLink, autolink and paste alike.
      isAllowedUri: (url, ctx) => ctx.defaultValidate(url) && isAllowedUrl("a", url),
    },
  }),
  Image.configure({ allowBase64: false }),
];

// Images without alt text are outlined in the editor (and counted under it).
const surfaceClass =
  "prose-content min-h-[16rem] rounded-b-lg [&>:first-child]:mt-0 [&_img:not([alt])]:outline-3 [&_img:not([alt])]:outline-dashed [&_img:not([alt])]:outline-amber-600 [&_img[alt='']]:outline-3 [&_img[alt='']]:outline-dashed [&_img[alt='']]:outline-amber-600 border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 focus:border-purple-600 focus:outline-none focus:ring-2 focus:ring-purple-600/30 aria-[invalid=true]:border-red-600";

/** Tiptap reports an empty document as "<p></p>"; the form (and its required check) wants "". */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

/** How many images of the document have no alt text. */
function imagesWithoutAlt(editor: Editor): number {
  let n = 0;
  editor.state.doc.descendants((node) => {
    if (node.type.name === "image" && !String(node.attrs.alt ?? "").trim()) n++;
  });
  return n;
}

const missingAltMessage = (n: number) => `${n === 1 ? "1 image in the content has" : `${n} images in the content have`} no alt text: select it, press Image and describe it.`;

type Panel = { kind: "link"; url: string } | { kind: "image"; url: string; alt: string };

/**
 * The blog post's HTML content: a Tiptap editor with a formatting toolbar, inline Link and Image
 * forms and an HTML source view. Empty content is "". Links take http(s) and mailto: URLs; images
 * an http(s) URL or an uploaded image's /media/ path, with alt text, and the caller's
 * `imageSources` (Choose from library, Upload) fill the Image form. Images without alt text are
 * flagged, not refused.
 */
export function RichTextEditor({
  label,
  value,
  onChange,
  error,
  required,
  id: givenId,
  imageSources,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  required?: boolean;
  id?: string;
  /** Other ways to get an image into the Image form; `pick` fills its URL and alt text. */
  imageSources?: (pick: (image: BodyImage) => void) => ReactNode;
}) {
  const fallbackId = useId();
  const id = givenId ?? fallbackId;
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  const [source, setSource] = useState(false);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [initialContent] = useState(value);
  // The HTML the editor last reported or loaded: a `value` equal to it is our own echo, not a reset.
  const synced = useRef(value);
  const latestValue = useRef(value);
  latestValue.current = value;
  const sourceRef = useRef<HTMLTextAreaElement>(null);
  const focusAfterToggle = useRef(false);
  // Where the caret (or the selected image) was when the Image form opened: the image goes there.
  const imageRange = useRef<{ from: number; to: number } | null>(null);

  // A contenteditable cannot be the target of <label for>, so it is named with aria-labelledby.
  // A new object only when these change: useEditor then hands it to editor.setOptions.
  const editorProps = useMemo(() => {
    const attributes: Record<string, string> = { class: surfaceClass, role: "textbox", "aria-multiline": "true", "aria-labelledby": labelId };
    // The id goes with whichever surface is on screen, so getElementById(id) finds the visible one.
    if (!source) attributes.id = id;
    if (required) attributes["aria-required"] = "true";
    if (error) {
      attributes["aria-invalid"] = "true";
      attributes["aria-describedby"] = errorId;
    }
    return { attributes };
  }, [id, labelId, errorId, error, required, source]);

  const editor = useEditor({
    extensions,
    content: initialContent,
    editorProps,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      synced.current = html;
      onChange(html);
    },
  });

  // A reset or a reload from the server; in the source view the textarea shows `value` itself and
  // is loaded into the editor when the view is switched back.
  useEffect(() => {
    if (source || value === synced.current) return;
    synced.current = value;
    editor.chain().setMeta("addToHistory", false).setContent(value, { emitUpdate: false }).run();
  }, [editor, source, value]);

  useEffect(() => {
    if (!focusAfterToggle.current) return;
    focusAfterToggle.current = false;
    if (source) sourceRef.current?.focus();
    else editor.commands.focus();
  }, [editor, source]);

  const toggleSource = useCallback(() => {
    setPanel(null);
    focusAfterToggle.current = true;
    if (source && latestValue.current !== synced.current) {
      synced.current = latestValue.current;
      // Kept in the undo history: Undo takes back what was changed in the source.
      editor.commands.setContent(latestValue.current, { emitUpdate: false });
    }
    setSource(!source);
  }, [editor, source]);

  const togglePanel = useCallback(
    (kind: Panel["kind"]) =>
      setPanel((open) => {
        if (open?.kind === kind) return null;
        if (kind === "link") return { kind, url: (editor.getAttributes("link").href as string | undefined) ?? "" };
        imageRange.current = { from: editor.state.selection.from, to: editor.state.selection.to };
        const image = editor.isActive("image") ? editor.getAttributes("image") : {};
        return { kind, url: (image.src as string | undefined) ?? "", alt: (image.alt as string | undefined) ?? "" };
      }),
    [editor],
  );

  const closePanel = () => {
    setPanel(null);
    editor.commands.focus();
  };

  const applyLink = (href: string): string | null => {
    if (!href) {
      editor.chain().focus().extendMarkRange("link").unsetLink().run();
    } else if (!isAcceptedUrl(href, "a")) {
      return URL_ERROR;
    } else if (editor.state.selection.empty && !editor.isActive("link")) {
      // Nothing selected: the URL itself becomes the link text.
      editor
        .chain()
        .focus()
        .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
        .run();
    } else {
      editor.chain().focus().extendMarkRange("link").setLink({ href }).run();
    }
    setPanel(null);
    return null;
  };

  const applyImage = (src: string, alt: string): string | null => {
    if (!isAcceptedUrl(src, "img") && !isMediaPath(src)) return IMAGE_URL_ERROR;
    const size = editor.state.doc.content.size;
    const saved = imageRange.current;
    const range = saved && saved.to <= size ? saved : { from: editor.state.selection.from, to: editor.state.selection.to };
    imageRange.current = null;
    editor
      .chain()
      .focus()
      .insertContentAt(range, { type: "image", attrs: { src, alt } })
      // The caret goes after the image, not onto it (a selected image is what the next keystroke
      // replaces): into the text block that follows, or a new empty paragraph when none does.
      .command(({ tr }) => {
        if (!(tr.selection instanceof NodeSelection)) return true;
        const $end = tr.doc.resolve(tr.selection.to);
        if (!$end.nodeAfter?.isTextblock) tr.insert($end.pos, tr.doc.type.schema.nodes.paragraph!.create());
        tr.setSelection(TextSelection.create(tr.doc, $end.pos + 1));
        return true;
      })
      .run();
    setPanel(null);
    return null;
  };

  const focusSurface = () => (source ? sourceRef.current?.focus() : editor.commands.focus());

  return (
    <div>
      {/* Not a <label>: nothing here could be its target. A click still focuses the field, as a label's would. */}
      {/* eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- a mouse convenience, as a label's click: the keyboard reaches the field itself */}
      <span id={labelId} className={labelClass} onClick={focusSurface}>
        {label}
        {required && (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        )}
      </span>
      <Toolbar editor={editor} source={source} onPanel={togglePanel} onToggleSource={toggleSource} />
      {panel && (
        <UrlForm
          key={panel.kind}
          kind={panel.kind}
          initialUrl={panel.url}
          initialAlt={panel.kind === "image" ? panel.alt : ""}
          onApply={(url, alt) => (panel.kind === "link" ? applyLink(url) : applyImage(url, alt))}
          onCancel={closePanel}
          sources={panel.kind === "image" ? imageSources : undefined}
        />
      )}
      <div hidden={source}>
        <EditorContent editor={editor} />
      </div>
      {source && (
        <textarea
          ref={sourceRef}
          id={id}
          rows={16}
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-labelledby={labelId}
          aria-required={required || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${fieldControl} rounded-t-none font-mono`}
        />
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <MissingAlt editor={editor} />
    </div>
  );
}

/** The count of images without alt text, under the editor; re-renders only when it changes. */
function MissingAlt({ editor }: { editor: Editor }) {
  const missing = useEditorState({ editor, selector: ({ editor: e }) => imagesWithoutAlt(e) });
  return missing > 0 ? <AltWarning>{missingAltMessage(missing)}</AltWarning> : null;
}

/** Re-renders only when a button's state changes (useEditorState), not on every keystroke. */
const Toolbar = memo(function Toolbar({
  editor,
  source,
  onPanel,
  onToggleSource,
}: {
  editor: Editor;
  source: boolean;
  onPanel: (kind: Panel["kind"]) => void;
  onToggleSource: () => void;
}) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e.isActive("heading", { level: 2 }),
      h3: e.isActive("heading", { level: 3 }),
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      link: e.isActive("link"),
      bulletList: e.isActive("bulletList"),
      orderedList: e.isActive("orderedList"),
      blockquote: e.isActive("blockquote"),
      code: e.isActive("code"),
      codeBlock: e.isActive("codeBlock"),
      canBold: e.can().toggleBold(),
      canItalic: e.can().toggleItalic(),
      canCode: e.can().toggleCode(),
      canLink: e.can().setMark("link"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (command: (chain: ChainedCommands) => ChainedCommands) => command(editor.chain().focus()).run();

  return (
    <div role="toolbar" aria-label="Formatting" className="flex flex-wrap items-center gap-0.5 rounded-t-lg border border-b-0 border-slate-300 bg-slate-50 p-1">
      <ToolButton label="Heading 2" icon={Heading2} pressed={state.h2} disabled={source} onClick={() => run((c) => c.toggleHeading({ level: 2 }))} />
      <ToolButton label="Heading 3" icon={Heading3} pressed={state.h3} disabled={source} onClick={() => run((c) => c.toggleHeading({ level: 3 }))} />
      <Divider />
      <ToolButton label="Bold" icon={Bold} pressed={state.bold} disabled={source || !state.canBold} onClick={() => run((c) => c.toggleBold())} />
      <ToolButton label="Italic" icon={Italic} pressed={state.italic} disabled={source || !state.canItalic} onClick={() => run((c) => c.toggleItalic())} />
      <ToolButton label="Link" icon={LinkIcon} pressed={state.link} disabled={source || !state.canLink} onClick={() => onPanel("link")} />
      <Divider />
      <ToolButton label="Bullet list" icon={List} pressed={state.bulletList} disabled={source} onClick={() => run((c) => c.toggleBulletList())} />
      <ToolButton label="Numbered list" icon={ListOrdered} pressed={state.orderedList} disabled={source} onClick={() => run((c) => c.toggleOrderedList())} />
      <ToolButton label="Quote" icon={Quote} pressed={state.blockquote} disabled={source} onClick={() => run((c) => c.toggleBlockquote())} />
      <ToolButton label="Inline code" icon={Code} pressed={state.code} disabled={source || !state.canCode} onClick={() => run((c) => c.toggleCode())} />
      <ToolButton label="Code block" icon={SquareCode} pressed={state.codeBlock} disabled={source} onClick={() => run((c) => c.toggleCodeBlock())} />
      <ToolButton label="Image" icon={ImageIcon} disabled={source} onClick={() => onPanel("image")} />
      <Divider />
      <ToolButton label="Undo" icon={Undo2} disabled={source || !state.canUndo} onClick={() => run((c) => c.undo())} />
      <ToolButton label="Redo" icon={Redo2} disabled={source || !state.canRedo} onClick={() => run((c) => c.redo())} />
      <Divider />
      <ToolButton label="HTML source" icon={FileCode} pressed={source} onClick={onToggleSource} />
    </div>
  );
});

function ToolButton({ label, icon: Icon, pressed, disabled = false, onClick }: { label: string; icon: LucideIcon; pressed?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      className={`${iconAction} aria-pressed:bg-purple-100 aria-pressed:text-purple-800`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the editor's focus and selection, which the command then acts on.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-6 w-px bg-slate-300" />;

/**
 * The inline Link / Image form. A <div>, not a <form>: it sits inside the post's own form, and
 * Enter here must apply the URL rather than submit the post.
 */
function UrlForm({
  kind,
  initialUrl,
  initialAlt,
  onApply,
  onCancel,
  sources,
}: {
  kind: Panel["kind"];
  initialUrl: string;
  initialAlt: string;
  /** Returns the message to show, or null once applied. */
  onApply: (url: string, alt: string) => string | null;
  onCancel: () => void;
  sources?: ((pick: (image: BodyImage) => void) => ReactNode) | undefined;
}) {
  const id = useId();
  const [url, setUrl] = useState(initialUrl);
  const [alt, setAlt] = useState(initialAlt);
  const [error, setError] = useState<string | null>(null);
  const altRef = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState(0);
  const noun = kind === "link" ? "Link" : "Image";

  const apply = () => setError(onApply(url.trim(), alt.trim()));
  const pick = (image: BodyImage) => {
    setUrl(image.url);
    setAlt(image.alt);
    setError(null);
    setPicked((n) => n + 1);
  };
  // After a pick, the alt text is next (checked or written). An effect: the library's dialog gives
  // focus back to its opener as it closes, in the same commit.
  useEffect(() => {
    if (picked) altRef.current?.focus();
  }, [picked]);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys from the library's dialog (a portal, whose React events bubble here) are its own.
    if (e.nativeEvent.isComposing || !e.currentTarget.contains(e.target as Node)) return;
    if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
      e.preventDefault();
      apply();
    } else if (e.key === "Escape") {
      // Stops here: an Escape meant for this form must not also close the dialog around the editor.
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- catches the Escape of the inputs inside it (see onKeyDown)
    <div role="group" aria-label={noun} onKeyDown={onKeyDown} className="flex flex-wrap items-start gap-3 border border-b-0 border-slate-300 bg-white p-3">
      <div className="min-w-0 flex-1 basis-60">
        <label htmlFor={`${id}-url`} className={labelClass}>
          {noun} URL
        </label>
        <input
          id={`${id}-url`}
          type="url"
          inputMode="url"
          autoComplete="off"
          // eslint-disable-next-line jsx-a11y/no-autofocus -- the form opens on the editor's Link or Image button: focus moves into it
          autoFocus
          placeholder={kind === "link" ? "https://" : "https://example.com/picture.jpg"}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : kind === "link" ? `${id}-hint` : undefined}
          className={fieldControl}
        />
        {error ? (
          <p id={`${id}-error`} className="mt-1.5 text-sm font-medium text-red-700">
            {error}
          </p>
        ) : (
          kind === "link" && (
            <p id={`${id}-hint`} className="mt-1.5 text-sm text-slate-600">
              Leave empty to remove the link.
            </p>
          )
        )}
      </div>
      {kind === "image" && (
        <div className="min-w-0 flex-1 basis-48">
          <label htmlFor={`${id}-alt`} className={labelClass}>
            Alt text
          </label>
          <input ref={altRef} id={`${id}-alt`} type="text" autoComplete="off" value={alt} onChange={(e) => setAlt(e.target.value)} className={fieldControl} />
          {url.trim() && !alt.trim() && <AltWarning />}
        </div>
      )}
      {/* The labels' height (text-sm line plus mb-1), so the buttons line up with the inputs. */}
      <div className="flex gap-2 pt-6">
        <button type="button" className={actionPrimary} onClick={apply}>
          Apply
        </button>
        <button type="button" className={actionOutline} onClick={onCancel}>
          Cancel
        </button>
      </div>
      {sources && <div className="basis-full">{sources(pick)}</div>}
    </div>
  );
}
