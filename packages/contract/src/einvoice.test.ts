import { describe, expect, it } from 'vitest';
import {
  einvoiceSettingsSchema,
  invoiceBuyerSchema,
  invoiceSeriesSchema,
  isProviderAddress,
  templateCodeSchema,
  updateEinvoiceSettingsBodySchema,
  viettelAddresses,
} from './einvoice';

const messagesOf = (result: { error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe("a cash register's invoice series", () => {
  it.each([
    ['C25MAA', 'C25MAA'],
    ['C26MYY', 'C26MYY'],
    ['c25maa', 'C25MAA'],
    [' C25MBH ', 'C25MBH'],
    ['C25M01', 'C25M01'],
  ])('admits %j as %s', (typed, kept) => {
    expect(invoiceSeriesSchema.parse(typed)).toBe(kept);
  });

  it.each(['C25TAA', 'K24TUT', 'C25DAA'])('refuses %s, a series whose fourth character is not M', (series) => {
    expect(messagesOf(invoiceSeriesSchema.safeParse(series))).toEqual([
      "A cash register's series has M as its fourth character, like C25MAA",
    ]);
  });

  it('refuses a series without the tax authority code', () => {
    expect(messagesOf(invoiceSeriesSchema.safeParse('K25MAA'))).toEqual([
      "A cash register's invoices carry the tax authority's code: the series starts with C, like C25MAA",
    ]);
  });

  it('says what to drop when the form number is typed in front', () => {
    expect(messagesOf(invoiceSeriesSchema.safeParse('1C25MAA'))).toEqual([
      'Enter the series without the form number in front: C25MAA, not 1C25MAA',
    ]);
  });

  it.each(['', 'C25MA', 'C25MAAA', 'A25MAA', 'C2XMAA', 'C25M-A', 'AA/20E'])('refuses %j for its shape', (series) => {
    expect(messagesOf(invoiceSeriesSchema.safeParse(series))).toEqual([
      'An invoice series has 6 characters: C, the last two digits of the year, M and two more, like C25MAA',
    ]);
  });
});

describe('a template code', () => {
  it.each(['1/001', '2/001', '1/0173', ' 1/002 '])('admits %j', (code) => {
    expect(templateCodeSchema.parse(code)).toBe(code.trim());
  });

  it.each(['1', '1C25MAA', 'C25MAA', '01GTKT0/001', '6/001', '1/01', '1-001'])('refuses %j', (code) => {
    expect(messagesOf(templateCodeSchema.safeParse(code))).toEqual([
      'A template code is the form number 1 (VAT invoice) or 2 (sales invoice), a slash and your template number, like 1/001',
    ]);
  });
});

describe("a provider's address", () => {
  it.each([
    viettelAddresses.signInUrl,
    viettelAddresses.apiUrl,
    'http://127.0.0.1:4010/auth/login',
    'http://localhost:4010/services/einvoiceapplication/api/',
    'http://[::1]:4010/auth/login',
  ])('admits %s', (address) => {
    expect(isProviderAddress(address)).toBe(true);
  });

  it.each([
    ['http://api-vinvoice.viettel.vn/auth/login', 'plain http off this machine would send the password in the clear'],
    ['http://192.168.1.20:4010/auth/login', 'plain http on the LAN'],
    ['https://user:secret@api-vinvoice.viettel.vn/auth/login', 'credentials inside the address'],
    ['http://127.1:4010/auth/login', 'a short form of loopback that a resolver reads differently'],
    ['http://127.0.0.1\\@sinvoice.example.vn/auth/login', 'a backslash that hides a user name'],
    ['http://localhost.example.vn/auth/login', 'a public name that starts like loopback'],
    ['ftp://api-vinvoice.viettel.vn/', 'another protocol'],
    ['api-vinvoice.viettel.vn/auth/login', 'no protocol'],
    ['', 'nothing'],
  ])('refuses %j (%s)', (address) => {
    expect(isProviderAddress(address)).toBe(false);
  });
});

const settingsBody = {
  provider: 'viettel',
  signInUrl: viettelAddresses.signInUrl,
  apiUrl: viettelAddresses.apiUrl,
  username: '0100109106-509',
  password: 'S3cret pass',
  sellerTaxCode: '0100109106-509',
  templateCode: '1/001',
  invoiceSeries: 'c25maa',
  enabled: true,
};

describe("a branch's e-invoice settings", () => {
  it('are saved with the series in capitals and the password as typed', () => {
    expect(updateEinvoiceSettingsBodySchema.parse(settingsBody)).toEqual({
      ...settingsBody,
      invoiceSeries: 'C25MAA',
    });
  });

  it('keep the saved password when none, or an empty one, is sent', () => {
    const { password: _typed, ...withoutPassword } = settingsBody;
    expect(updateEinvoiceSettingsBodySchema.parse(withoutPassword).password).toBeUndefined();
    expect(updateEinvoiceSettingsBodySchema.parse({ ...settingsBody, password: '' }).password).toBeUndefined();
  });

  it('name each field a person got wrong', () => {
    const result = updateEinvoiceSettingsBodySchema.safeParse({
      ...settingsBody,
      signInUrl: 'http://sinvoice.example.vn/auth/login',
      sellerTaxCode: '0100109106-000',
      invoiceSeries: 'C25TAA',
      username: '',
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      {
        path: ['signInUrl'],
        message: 'Enter an https address, like https://api-vinvoice.viettel.vn/auth/login',
      },
      { path: ['username'], message: 'Enter the user name the provider gave you' },
      { path: ['sellerTaxCode'], message: "A branch's 3 digits after the hyphen run from 001 to 999" },
      { path: ['invoiceSeries'], message: "A cash register's series has M as its fourth character, like C25MAA" },
    ]);
  });

  it('refuse a provider Quán has no adapter for, and fields it does not know', () => {
    expect(messagesOf(updateEinvoiceSettingsBodySchema.safeParse({ ...settingsBody, provider: 'misa' }))).toEqual([
      'Choose an e-invoice provider from the list',
    ]);
    expect(updateEinvoiceSettingsBodySchema.safeParse({ ...settingsBody, hasPassword: true }).success).toBe(false);
  });

  it('never return the password, even when handed the stored row whole', () => {
    const storedRow = {
      ...settingsBody,
      invoiceSeries: 'C25MAA',
      password: 'S3cret pass',
      hasPassword: true,
      branchId: '01936f4e-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
    };
    const returned = einvoiceSettingsSchema.parse(storedRow);
    expect(returned).not.toHaveProperty('password');
    expect(JSON.stringify(returned)).not.toContain('S3cret');
    expect(returned.hasPassword).toBe(true);
    expect(Object.keys(einvoiceSettingsSchema.shape)).not.toContain('password');
  });
});

describe("an invoice's buyer", () => {
  const company = {
    kind: 'company',
    name: 'Công ty TNHH Hoa Sen',
    taxCode: ' 0314409058-002 ',
    address: '12 Lê Lợi, Phường Sài Gòn, TP. Hồ Chí Minh',
    email: ' KeToan@HoaSen.vn ',
  };

  it('is a walk-in guest, with nothing else', () => {
    expect(invoiceBuyerSchema.parse({ kind: 'walk-in' })).toEqual({ kind: 'walk-in' });
  });

  it('is a company with its name, tax code, address and e-mail, tidied', () => {
    expect(invoiceBuyerSchema.parse(company)).toEqual({
      ...company,
      taxCode: '0314409058-002',
      email: 'ketoan@hoasen.vn',
    });
  });

  it("takes a household business under its owner's 12-digit identification number", () => {
    expect(invoiceBuyerSchema.parse({ ...company, taxCode: '001087123456' }).kind).toBe('company');
  });

  it('may leave the e-mail out or empty', () => {
    const { email: _email, ...withoutEmail } = company;
    expect(invoiceBuyerSchema.parse(withoutEmail)).not.toHaveProperty('email');
    expect(invoiceBuyerSchema.parse({ ...company, email: '  ' })).toMatchObject({ email: null });
  });

  it('takes back what it answered, as a screen that checked the buyer sends it', () => {
    for (const email of [' KeToan@HoaSen.vn ', '', undefined]) {
      const checked = invoiceBuyerSchema.parse({ ...company, email });
      expect(invoiceBuyerSchema.parse(checked)).toEqual(checked);
    }
  });

  it('names every missing or wrong field of a company', () => {
    const result = invoiceBuyerSchema.safeParse({
      kind: 'company',
      name: ' ',
      taxCode: '0314409050',
      address: '',
      email: 'ketoan@',
    });
    expect(result.error?.issues.map(({ path, message }) => ({ path, message }))).toEqual([
      { path: ['name'], message: "Enter the company's name as registered for tax" },
      { path: ['taxCode'], message: "The tax code's 10th digit does not match the 9 before it: check it for a typo" },
      { path: ['address'], message: "Enter the company's address for the invoice" },
      { path: ['email'], message: 'Enter a valid email address' },
    ]);
  });

  it('refuses a walk-in guest with company details, and a kind it does not know', () => {
    expect(invoiceBuyerSchema.safeParse({ kind: 'walk-in', taxCode: '0100233488' }).success).toBe(false);
    expect(messagesOf(invoiceBuyerSchema.safeParse({ kind: 'person' }))).toEqual([
      'Choose a walk-in guest or a company invoice',
    ]);
  });
});
