import { describe, expect, it } from 'vitest';
import { activateLanguage } from './i18n';
import { describePublicError, PublicApiError } from './public-api';

describe('describePublicError', () => {
  const soldOut = () =>
    new PublicApiError(409, 'Phở bò is not available right now', null, [], {
      code: 'DISH_UNAVAILABLE',
      params: { dish: 'Phở bò' },
    });

  it('says a refusal in the diner’s language by its code, and as the server wrote it in English', async () => {
    expect(describePublicError(soldOut(), 'fallback')).toBe('Phở bò is not available right now');
    await activateLanguage('vi');
    expect(describePublicError(soldOut(), 'fallback')).toBe('Phở bò hiện đã hết');
    // A code the catalogues do not know keeps the server's sentence; no answer at all is said in Vietnamese.
    expect(describePublicError(new PublicApiError(409, 'Odd refusal', null, [], { code: 'NEW_CODE' }), 'x')).toBe(
      'Odd refusal',
    );
    expect(describePublicError(new PublicApiError(0, 'offline'), 'x')).toBe(
      'Hiện không kết nối được với quán. Bạn kiểm tra lại mạng rồi thử lại nhé.',
    );
  });
});
