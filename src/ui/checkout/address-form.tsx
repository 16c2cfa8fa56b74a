import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EMAIL_PATTERN, postcodeBeforeCity, postcodeRuleOf, TELEPHONE_PATTERN } from '../../machines/checkout/address-formats';
import type { Address } from '../../machines/checkout/checkout.types';
import { Button } from '../shared/button';
import type { CountryOption } from './checkout-page.operations';
import styles from './address-form.module.css';
import { invalidFieldProps, useFormValidation } from '../shared/form-validation';

/** The default address country (spec §9), where the store view names none of its own. */
export const DEFAULT_COUNTRY = 'CA';

/** The country a new address starts with: the store view's own (ADR 040), else the spec's default. */
export const startingCountryOf = (countries: readonly CountryOption[]) => countries.find((c) => c.isStoreDefault)?.id ?? DEFAULT_COUNTRY;

export interface AddressFormProps {
  countries: readonly CountryOption[];
  /** What the form starts with: the accepted address, or what was typed before a refusal. */
  initial: Partial<Address> | null;
  withEmail?: boolean;
  submitLabel: string;
  submitting: boolean;
  onSubmit: (address: Address) => void;
  /** Shown under the email field (e.g. the offer to sign in). */
  emailHint?: ReactNode;
  onEmailBlur?: (email: string) => void;
  /** Extra fields before the submit button (e.g. "use as my default address"). */
  children?: ReactNode;
  /** Id of the step's error message, read with the form. */
  errorId?: string;
}

interface Draft {
  email: string;
  firstname: string;
  lastname: string;
  street1: string;
  street2: string;
  city: string;
  country_id: string;
  region_code: string;
  region: string;
  postcode: string;
  telephone: string;
}

function draftOf(initial: Partial<Address> | null, startingCountry: string): Draft {
  return {
    email: initial?.email ?? '',
    firstname: initial?.firstname ?? '',
    lastname: initial?.lastname ?? '',
    street1: initial?.street?.[0] ?? '',
    street2: initial?.street?.[1] ?? '',
    city: initial?.city ?? '',
    country_id: initial?.country_id ?? startingCountry,
    region_code: initial?.region_code ?? '',
    region: initial?.region ?? '',
    postcode: initial?.postcode ?? '',
    telephone: initial?.telephone ?? '',
  };
}

export function regionsOf(countries: readonly CountryOption[], countryId: string) {
  return (countries.find((c) => c.id === countryId)?.available_regions ?? []).flatMap((r) => (r ? [r] : []));
}

/** An address as typed (spec §3 "Address"); it keeps what was typed for as long as the step is shown. */
export function AddressForm({
  countries,
  initial,
  withEmail = false,
  submitLabel,
  submitting,
  onSubmit,
  emailHint,
  onEmailBlur,
  children,
  errorId,
}: AddressFormProps) {
  const intl = useIntl();
  const id = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial, startingCountryOf(countries)));
  const country = countries.find((c) => c.id === draft.country_id);
  // A region only where the country requires one, or where the store view asks for one that is not (ADR 040).
  const regionRequired = country?.requiresRegion ?? true;
  const regions = regionRequired || country?.asksRegionText ? regionsOf(countries, draft.country_id) : [];
  const postcode = country?.postcode ?? postcodeRuleOf(draft.country_id, new Set());
  // The country's own order (France, Germany: the postcode, then the city), so the country comes first.
  const postcodeFirst = postcodeBeforeCity(draft.country_id);
  const validation = useFormValidation();
  const set = (field: keyof Draft) => (event: { target: { value: string } }) => {
    validation.clear(field);
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  };
  const errorOf = (name: keyof Draft) => validation.errors[name];
  const fieldError = (name: keyof Draft) =>
    errorOf(name) ? (
      <p id={`${id}-${name}-error`} className={styles.fieldError}>
        {errorOf(name)}
      </p>
    ) : null;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!validation.validate(event.currentTarget)) return;
    const region = regions.find((r) => r.code === draft.region_code);
    onSubmit({
      firstname: draft.firstname.trim(),
      lastname: draft.lastname.trim(),
      street: [draft.street1.trim(), draft.street2.trim()].filter(Boolean),
      city: draft.city.trim(),
      country_id: draft.country_id,
      region_code: region ? region.code : draft.region.trim() || null,
      region_id: region?.id ?? null,
      region: region ? region.name : draft.region.trim() || null,
      postcode: draft.postcode.trim(),
      telephone: draft.telephone.trim(),
      ...(withEmail ? { email: draft.email.trim() } : {}),
    });
  };

  const field = (
    name: keyof Draft,
    label: string,
    options: {
      autoComplete: string;
      type?: string;
      required?: boolean;
      /** The form the value must have (HTML `pattern`), and the example its message shows. */
      format?: { pattern: string | null; example?: string | null };
      hint?: ReactNode;
      onBlur?: () => void;
      wide?: boolean;
    },
  ) => (
    <div className={options.wide ? `${styles.field} ${styles.wide}` : styles.field}>
      <label htmlFor={`${id}-${name}`}>
        {label}
        {options.required === false ? (
          <span className={styles.optional}>
            {' '}
            <FormattedMessage id="checkout.field.optional" defaultMessage="(optional)" />
          </span>
        ) : null}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        className={styles.input}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        required={options.required ?? true}
        pattern={options.format?.pattern ?? undefined}
        data-example={options.format?.example ?? undefined}
        value={draft[name]}
        onChange={set(name)}
        onBlur={options.onBlur}
        {...invalidFieldProps(errorOf(name), [options.hint ? `${id}-${name}-hint` : null, errorId], `${id}-${name}-error`)}
      />
      {fieldError(name)}
      {options.hint ? (
        <div id={`${id}-${name}-hint`} className={styles.hint}>
          {options.hint}
        </div>
      ) : null}
    </div>
  );

  const postcodeField = field('postcode', intl.formatMessage({ id: 'checkout.field.postcode', defaultMessage: 'Postal code' }), {
    autoComplete: 'postal-code',
    required: postcode.required,
    format: postcode,
  });
  const cityField = field('city', intl.formatMessage({ id: 'checkout.field.city', defaultMessage: 'City' }), { autoComplete: 'address-level2' });
  const regionField = regions.length ? (
    <div className={styles.field}>
      <label htmlFor={`${id}-region`}>
        <FormattedMessage id="checkout.field.region" defaultMessage="State / Province" />
      </label>
      <select
        id={`${id}-region`}
        name="region_code"
        className={styles.input}
        autoComplete="address-level1"
        required={regionRequired}
        value={draft.region_code}
        onChange={set('region_code')}
        {...invalidFieldProps(errorOf('region_code'), [errorId], `${id}-region_code-error`)}
      >
        <option value="">{intl.formatMessage({ id: 'checkout.field.regionChoose', defaultMessage: 'Choose…' })}</option>
        {regions.map((region) => (
          <option key={region.code} value={region.code}>
            {region.name}
          </option>
        ))}
      </select>
      {fieldError('region_code')}
    </div>
  ) : country?.asksRegionText !== false ? (
    field('region', intl.formatMessage({ id: 'checkout.field.regionText', defaultMessage: 'State / Province' }), {
      autoComplete: 'address-level1',
      required: false,
    })
  ) : null;

  return (
    <form className={styles.form} onSubmit={submit} aria-describedby={errorId} noValidate>
      {withEmail
        ? field('email', intl.formatMessage({ id: 'checkout.field.email', defaultMessage: 'Email' }), {
            autoComplete: 'email',
            type: 'email',
            format: { pattern: EMAIL_PATTERN },
            wide: true,
            hint: emailHint,
            onBlur: () => onEmailBlur?.(draft.email.trim()),
          })
        : null}
      {field('firstname', intl.formatMessage({ id: 'checkout.field.firstname', defaultMessage: 'First name' }), { autoComplete: 'given-name' })}
      {field('lastname', intl.formatMessage({ id: 'checkout.field.lastname', defaultMessage: 'Last name' }), { autoComplete: 'family-name' })}
      <div className={styles.field}>
        <label htmlFor={`${id}-country`}>
          <FormattedMessage id="checkout.field.country" defaultMessage="Country" />
        </label>
        <select
          id={`${id}-country`}
          className={styles.input}
          autoComplete="country"
          value={draft.country_id}
          onChange={(event) => {
            // Another country checks the postcode by its own format: the old verdict goes.
            validation.clear('postcode');
            setDraft((current) => ({ ...current, country_id: event.target.value, region_code: '' }));
          }}
        >
          {countries.map((country) => (
            <option key={country.id} value={country.id}>
              {country.full_name_locale ?? country.id}
            </option>
          ))}
        </select>
      </div>
      {field('street1', intl.formatMessage({ id: 'checkout.field.street', defaultMessage: 'Street address' }), { autoComplete: 'address-line1', wide: true })}
      {field('street2', intl.formatMessage({ id: 'checkout.field.street2', defaultMessage: 'Apartment, suite, unit' }), {
        autoComplete: 'address-line2',
        required: false,
        wide: true,
      })}
      {postcodeFirst ? (
        <>
          {postcodeField}
          {cityField}
          {regionField}
        </>
      ) : (
        <>
          {cityField}
          {regionField}
          {postcodeField}
        </>
      )}
      {field('telephone', intl.formatMessage({ id: 'checkout.field.telephone', defaultMessage: 'Phone' }), {
        autoComplete: 'tel',
        type: 'tel',
        format: { pattern: TELEPHONE_PATTERN },
      })}
      {children ? <div className={styles.wide}>{children}</div> : null}
      <div className={styles.wide}>
        <Button type="submit" priority="high" disabled={submitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
