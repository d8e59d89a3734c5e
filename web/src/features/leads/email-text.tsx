/** An e-mail address that may wrap after its @ (and inside a part only when that part alone is wider than the column), not letter by letter. */
export function EmailText({ email, className = "" }: { email: string; className?: string }) {
  const at = email.lastIndexOf("@");
  return (
    <span className={`block text-sm text-slate-600 break-words ${className}`}>
      {at > 0 ? (
        <>
          {email.slice(0, at)}
          <wbr />
          {email.slice(at)}
        </>
      ) : (
        email
      )}
    </span>
  );
}
