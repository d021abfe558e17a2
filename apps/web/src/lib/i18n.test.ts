import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLanguage, chooseDinerLanguage, dinerLanguage, dinerLanguageStorageKey } from './i18n';
import { showStaffLanguage, staffLanguageStorageKey, storedStaffLanguage } from './staff-language';

afterEach(() => vi.restoreAllMocks());

describe('a diner’s language', () => {
  it('is the phone’s first language the product speaks, else Vietnamese, unless chosen on the phone', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'en-GB']);
    expect(dinerLanguage()).toBe('en');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-DE']);
    expect(dinerLanguage()).toBe('vi');

    await chooseDinerLanguage('en');
    expect(localStorage.getItem(dinerLanguageStorageKey)).toBe('en');
    expect(dinerLanguage()).toBe('en');
    expect(document.documentElement.lang).toBe('en');
  });

  it('gives the booking pages their words, also in the language switched to, and never loads them for a table', async () => {
    await activateLanguage('vi');
    expect(i18n._('menu.pageTitleBare')).toBe('Thực đơn');
    expect('booking.heading' in i18n.messages).toBe(false);

    await activateLanguage('vi', 'booking');
    expect(i18n._('booking.heading')).toBe('Đặt bàn');
    await chooseDinerLanguage('en');
    expect(i18n._('booking.heading')).toBe('Book a table');
  });
});

describe('a staff member’s language', () => {
  it('starts as the device last showed it, and follows what the server says for the person', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
    expect(storedStaffLanguage()).toBe('en');

    await showStaffLanguage('vi');
    expect(i18n.locale).toBe('vi');
    expect(document.documentElement.lang).toBe('vi');
    expect(i18n._('common.tryAgain')).toBe('Thử lại');
    expect(localStorage.getItem(staffLanguageStorageKey)).toBe('vi');
    expect(storedStaffLanguage()).toBe('vi');

    // An answer from an older server names no language: the screens stay as they are.
    await showStaffLanguage(undefined);
    expect(i18n.locale).toBe('vi');
  });
});
