import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from '@/lib/api-client';
import { useDocumentTitle } from '@/lib/document-title';
import { errorCodeText, useI18n } from '@/lib/i18n';
import { LIMITS, addChatAttachments, canSendChat } from '@/lib/validation';
import { CloseIcon, PaperclipIcon, SendIcon, SparkleIcon, RefreshIcon } from '@/components/icons';
import { PageHeading, Spinner } from '@/components/ui';
import { endChatSession, sendChatMessage } from './api';
import { Markup } from './markup';
import { isRefusedPhotoType, preparePhoto } from './photo-prep';
import './assistant.css';

interface Attachment {
  file: File;
  /** A small data URL preview (also kept in the conversation). */
  url: string;
  size: number;
  type: string;
}

interface ChatMessage {
  id: number;
  role: 'user' | 'assistant' | 'error';
  text: string;
  images?: string[];
}

const SESSION_KEY = 'hariyali.chatSession';
/** The conversation so far, for this browser tab: following a plant link and coming back keeps it. */
const LOG_KEY = 'hariyali.chatLog';

function readLog(): ChatMessage[] {
  try {
    const raw = sessionStorage.getItem(LOG_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? (parsed as ChatMessage[]) : [];
  } catch {
    return [];
  }
}

function writeLog(messages: ChatMessage[]) {
  try {
    // Object URLs die with the page; only the data-URL thumbnails are worth keeping.
    const kept = messages.map((m) => (m.images ? { ...m, images: m.images.filter((u) => u.startsWith('data:')) } : m));
    if (messages.length) sessionStorage.setItem(LOG_KEY, JSON.stringify(kept));
    else sessionStorage.removeItem(LOG_KEY);
  } catch {
    /* quota or private mode: the conversation still works on this page */
  }
}

/** Spec section 8: the server's `error` field, else the error's message, else a friendly line. */
export function chatErrorText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return errorCodeText(err.code) ?? err.serverError ?? err.serverMessage ?? err.message ?? fallback;
  if (err instanceof Error && err.message) return err.message;
  return fallback;
}

export default function AssistantPage() {
  const { t, tm } = useI18n();
  const [params] = useSearchParams();
  const [messages, setMessages] = useState<ChatMessage[]>(readLog);
  const [input, setInput] = useState(() => {
    const q = params.get('q');
    return q ? t('ai.careFor', { name: q.slice(0, 100) }) : '';
  });
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [sessionId, setSessionId] = useState<string | null>(() => sessionStorage.getItem(SESSION_KEY));
  const nextId = useRef(messages.reduce((n, m) => Math.max(n, m.id + 1), 1));
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  useDocumentTitle(t('ai.metaTitle'));

  useEffect(() => writeLog(messages), [messages]);

  useEffect(() => {
    const el = listRef.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages, busy]);

  useEffect(() => {
    const el = inputRef.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${Math.min(el.scrollHeight, 200)}px`;
  }, [input]);

  async function pickFiles(list: FileList | null) {
    if (!list) return;
    const files = Array.from(list);
    if (fileRef.current) fileRef.current.value = '';
    // HEIC/HEIF, GIF and non-images get the spec's file message now, not a server refusal later.
    const usable = files.filter((f) => !isRefusedPhotoType(f));
    const picked: Attachment[] = usable.map((file) => ({ file, url: '', size: file.size, type: file.type }));
    const { kept, error } = addChatAttachments(attachments, picked);
    const fresh = kept.filter((a) => !a.url);
    setPreparing(fresh.length > 0);
    const prepared = await Promise.all(fresh.map((a) => preparePhoto(a.file)));
    setPreparing(false);
    const ready: Attachment[] = [];
    prepared.forEach((p) => p && ready.push({ file: p.file, url: p.thumb, size: p.file.size, type: p.file.type }));
    setAttachments([...kept.filter((a) => a.url), ...ready]);
    const undecodable = prepared.some((p) => !p);
    const message = usable.length < files.length || undecodable ? 'v.chatFiles' : error;
    setFileError(message ? t(message) : null);
  }

  function removeAttachment(index: number) {
    setAttachments((a) => a.filter((_, i) => i !== index));
    setFileError(null);
    inputRef.current?.focus();
  }

  async function send(text = input) {
    if (busy || !canSendChat(text, attachments)) return;
    const images = attachments;
    const userMsg: ChatMessage = { id: nextId.current++, role: 'user', text: text.trim(), images: images.map((a) => a.url) };
    setMessages((m) => [...m, userMsg]);
    setInput('');
    setAttachments([]);
    setFileError(null);
    setBusy(true);
    setProgress(images.length ? 0 : null);
    try {
      const reply = await sendChatMessage(text.trim(), images.map((a) => a.file), sessionId, images.length ? setProgress : undefined);
      if (reply.sessionId) {
        setSessionId(reply.sessionId);
        sessionStorage.setItem(SESSION_KEY, reply.sessionId);
      }
      setMessages((m) => [...m, { id: nextId.current++, role: 'assistant', text: reply.message ?? '' }]);
    } catch (err) {
      setMessages((m) => [...m, { id: nextId.current++, role: 'error', text: tm(chatErrorText(err, t('ai.error'))) }]);
    } finally {
      setBusy(false);
      setProgress(null);
      inputRef.current?.focus();
    }
  }

  function onSubmit(e: FormEvent) {
    e.preventDefault();
    void send();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  function newChat() {
    if (sessionId) void endChatSession(sessionId).catch(() => undefined);
    sessionStorage.removeItem(SESSION_KEY);
    setSessionId(null);
    setMessages([]);
    setInput('');
    setAttachments([]);
    setFileError(null);
    inputRef.current?.focus();
  }

  const suggestions = [t('ai.suggest1'), t('ai.suggest2'), t('ai.suggest3')];

  return (
    <div className="chat">
      <div className="chat__scroll" ref={listRef}>
        <div className="chat__inner">
          <header className="chat__intro">
            <span className="chat__badge" aria-hidden="true">
              <SparkleIcon size={26} />
            </span>
            <PageHeading className="chat__title">{t('ai.title')}</PageHeading>
            <p className="chat__lead">{t('ai.intro')}</p>
            {messages.length === 0 && (
              <div className="chat__suggest">
                <p className="chat__try">{t('ai.try')}</p>
                <ul>
                  {suggestions.map((s) => (
                    <li key={s}>
                      <button type="button" className="chip chat__chip" onClick={() => void send(s)} disabled={busy}>
                        {s}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {messages.length > 0 && (
              <button type="button" className="btn btn--ghost btn--sm chat__new" onClick={newChat}>
                <RefreshIcon size={16} /> {t('ai.newChat')}
              </button>
            )}
          </header>

          <section className="chat__log" aria-label={t('ai.conversation')} aria-live="polite" aria-relevant="additions">
            {messages.map((m) => (
              <div key={m.id} className={`bubble bubble--${m.role}`} data-testid={`chat-${m.role}`}>
                <span className="sr-only">{m.role === 'user' ? t('ai.you') : t('ai.bot')}: </span>
                {m.images && m.images.length > 0 && (
                  <div className="bubble__imgs">
                    {m.images.map((u, i) => (
                      <img key={u} src={u} alt={t('ai.imageAlt', { n: i + 1 })} width={72} height={72} />
                    ))}
                  </div>
                )}
                {m.role === 'assistant' ? <Markup text={m.text} /> : m.text && <p className="bubble__text">{m.text}</p>}
              </div>
            ))}
            {busy && progress !== null && progress < 1 ? (
              <div className="bubble bubble--assistant bubble--thinking" role="status">
                <Spinner /> <span>{t('ai.uploading', { percent: Math.round(progress * 100) })}</span>
                <progress className="chat__progress" max={100} value={Math.round(progress * 100)} aria-label={t('ai.uploadProgress')} />
              </div>
            ) : (
              busy && (
                <div className="bubble bubble--assistant bubble--thinking" role="status">
                  <Spinner /> <span>{t('ai.thinking')}</span>
                </div>
              )
            )}
          </section>
        </div>
      </div>

      <form className="composer" onSubmit={onSubmit}>
        <div className="composer__inner">
          {fileError && (
            <p className="composer__error" role="alert" id="chat-file-error">
              {fileError}
            </p>
          )}
          {preparing && (
            <p className="composer__hint" role="status">
              {t('ai.preparing')}
            </p>
          )}
          {attachments.length > 0 && (
            <ul className="composer__thumbs" aria-label={t('ai.attachCount', { count: attachments.length })}>
              {attachments.map((a, i) => (
                <li key={a.url} className="composer__thumb">
                  <img src={a.url} alt={t('ai.imageAlt', { n: i + 1 })} width={56} height={56} />
                  <button type="button" className="composer__remove" onClick={() => removeAttachment(i)} aria-label={t('ai.removeImage', { n: i + 1 })}>
                    <CloseIcon size={14} />
                  </button>
                </li>
              ))}
            </ul>
          )}
          <div className="composer__row">
            <input
              ref={fileRef}
              type="file"
              accept="image/*"
              multiple
              className="sr-only"
              id="chat-files"
              tabIndex={-1}
              onChange={(e) => void pickFiles(e.target.files)}
              aria-describedby={fileError ? 'chat-file-error' : undefined}
            />
            <button
              type="button"
              className="icon-btn composer__attach"
              onClick={() => fileRef.current?.click()}
              disabled={preparing || attachments.length >= LIMITS.chatImagesMax}
              aria-label={t('ai.attach')}
              title={t('ai.attach')}
            >
              <PaperclipIcon />
            </button>
            <label htmlFor="chat-input" className="sr-only">
              {t('ai.inputLabel')}
            </label>
            <textarea
              id="chat-input"
              ref={inputRef}
              className="composer__input"
              rows={1}
              value={input}
              maxLength={LIMITS.chatMessageMax}
              placeholder={t('ai.placeholder')}
              onChange={(e) => setInput(e.target.value)}
              onKeyDown={onKeyDown}
              aria-describedby="chat-hint"
            />
            <button type="submit" className="btn btn--primary composer__send" disabled={busy || preparing || !canSendChat(input, attachments)} aria-label={t('ai.send')}>
              <SendIcon size={18} />
              <span className="composer__send-label">{t('ai.send')}</span>
            </button>
          </div>
          <p className="composer__hint" id="chat-hint">
            {t('ai.hint')}
          </p>
        </div>
      </form>
    </div>
  );
}
