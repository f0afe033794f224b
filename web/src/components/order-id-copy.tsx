import { useState } from 'react';
import { useI18n } from '@/lib/i18n';

/**
 * Copies an order's full ID (the screens show the spec's short form) so support can match
 * the order a customer or admin is talking about.
 */
export function OrderIdCopy({ id }: { id: string }) {
  const { t } = useI18n();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(id);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      // No clipboard (insecure context, permission): the full ID is still in the tooltip.
      window.prompt(t('orders.copyIdPrompt'), id);
    }
  }
  return (
    <button type="button" className="link-btn order-id-copy" onClick={() => void copy()} title={id} aria-label={t('orders.copyIdLabel', { id })}>
      {copied ? t('orders.idCopied') : t('orders.copyId')}
    </button>
  );
}
