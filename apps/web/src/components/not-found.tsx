import { Link } from "react-router";
import { MessagePage, messagePageAction } from "./message-page";

export function NotFound() {
  return (
    <MessagePage>
      <p className="bg-gradient-to-b from-brand-400 to-brand-700 bg-clip-text text-7xl font-bold text-transparent">404</p>
      <h1 className="text-2xl font-semibold text-white">Page not found</h1>
      <p className="max-w-sm text-slate-400">This page does not exist or has moved.</p>
      <Link to="/" className={messagePageAction}>
        Go Home
      </Link>
    </MessagePage>
  );
}
