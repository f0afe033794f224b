import { useI18n } from '@/lib/i18n';
import { TruckIcon } from '@/components/icons';
import type { Order } from '@/types/api';
import { deliveryDate } from './api';
import './delivery.css';

/** The estimate an order was promised at checkout, while it is still on its way. */
export function PromisedDelivery({ order }: { order: Order }) {
  const { t, lang } = useI18n();
  const estimate = order.deliveryEstimate;
  if (!estimate || order.status === 'delivered' || order.status === 'cancelled') return null;
  return (
    <p className="ocard__promise" data-testid="order-promise">
      <TruckIcon size={18} /> <strong>{t('orders.arrivesBy', { date: deliveryDate(estimate.latest, lang) })}</strong>{' '}
      <span className="muted">
        ({t('orders.promisedWindow', { from: deliveryDate(estimate.earliest, lang), to: deliveryDate(estimate.latest, lang) })})
      </span>
    </p>
  );
}
