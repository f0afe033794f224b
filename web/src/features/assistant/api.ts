import { api } from '@/lib/api-client';

export interface ChatReply {
  message: string;
  sessionId: string;
}

export async function sendChatMessage(
  message: string,
  images: File[],
  sessionId: string | null,
  onUploadProgress?: (fraction: number) => void,
): Promise<ChatReply> {
  const form = new FormData();
  form.append('message', message);
  if (sessionId) form.append('sessionId', sessionId);
  for (const img of images) form.append('images', img, img.name);
  return api.post<ChatReply & { success: boolean }>('/ai-chat/message', form, { onUploadProgress });
}

export async function endChatSession(sessionId: string): Promise<void> {
  await api.delete(`/ai-chat/session/${encodeURIComponent(sessionId)}`);
}
