import { describe, expect, it } from 'vitest';
import en from './i18n/en.json';
import { companyBody, EMPTY_COMPANY, validateCompany } from './companies/company-form';
import { isTenDigitPhone, validateOtp, validatePasswords, validateRegistration } from './validation';

describe('validation', () => {
  it('accepts exactly 10 digit phones', () => {
    expect(isTenDigitPhone('0781234567')).toBe(true);
    expect(isTenDigitPhone('078123456')).toBe(false);
    expect(isTenDigitPhone('07812345678')).toBe(false);
    expect(isTenDigitPhone('07812a4567')).toBe(false);
  });

  it("uses the spec's messages", () => {
    expect(en.validation.phone).toBe('Enter a 10 digit phone number.');
    expect(en.validation.passwordsMismatch).toBe('Passwords do not match');
    const errors = validateRegistration({ first_name: 'A', last_name: 'B', telephone: '123', email: 'nope' });
    expect(errors).toEqual({ telephone: 'validation.phone', email: 'validation.email' });
    expect(validateOtp('12x')).toBe('validation.numeric');
    expect(validateOtp('')).toBe('validation.required');
    expect(validatePasswords('Secret#12', 'b')).toEqual({ confirmation: 'validation.passwordsMismatch' });
    expect(validatePasswords('a', 'a')).toEqual({ password: 'validation.passwordTooShort' });
    expect(validatePasswords('ééééééé', 'ééééééé')).toEqual({ password: 'validation.passwordTooShort' });
    expect(validatePasswords('        ', '        ')).toEqual({ password: 'validation.passwordBlank' });
    expect(validatePasswords('', '')).toEqual({ password: 'validation.required' });
    expect(validatePasswords('Secret#12', 'Secret#12')).toEqual({});
  });

  it('checks a company and asks the plastic quantity only when special authorization is requested', () => {
    const values = {
      ...EMPTY_COMPANY,
      name: 'Green Ltd',
      company_category_id: '2',
      type_registration: 'Company',
      tin: '123456789',
      telephone: '0781234567',
      email: 'info@green.example',
      activities: 'Packaging',
      address: 'Kigali',
      contact_person_job_title: 'Manager',
      contact_person_phone: '07812',
      contact_person_email: 'bad',
      requests_single_use: 'yes' as const,
    };
    expect(validateCompany(values)).toEqual({
      contact_person_phone: 'validation.phone',
      contact_person_email: 'validation.email',
      avgMonthlyPlasticQuantity: 'validation.required',
    });
    const fixed = {
      ...values,
      contact_person_phone: '0781111111',
      contact_person_email: 'c@green.example',
      avgMonthlyPlasticQuantity: '12.5',
      province_id: '1',
    };
    expect(validateCompany(fixed)).toEqual({});
    expect(companyBody(fixed, 7)).toMatchObject({
      avgMonthlyPlasticQuantity: 12.5,
      company_category_id: 2,
      province_id: 1,
      district_id: null,
      client_id: 7,
    });
    expect(companyBody({ ...fixed, requests_single_use: 'no' }, 7).avgMonthlyPlasticQuantity).toBeNull();
  });
});
