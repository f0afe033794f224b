// The plant page's query lives in lib so other features (the assistant) can share its cache.
export { plantQuery } from '@/lib/plant-query';
