import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CONTACT_REQUIRED_MESSAGE, CONTACT_SUCCESS, contactMessageSchema, MSG, type ContactMessage } from '@brokerage/contracts';
import { PageHeader } from '../../../components/PageTitle';
import { Alert, FormErrorMessage, FormErrorScope, TextField, useFormErrors } from '@brokerage/ui';
import { firstErrorMessage, showFieldErrors } from '../../../components/firstError';
import { CONTACT, FIRM, OFFICE_HOURS, OFFICES } from '../../../content';
import { serverMessageOr } from '../../../api/http';
import { sendContactMessage } from '../api';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'subject', 'message'] as const;
const EMPTY: ContactMessage = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };

function ContactForm() {
  const [result, setResult] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const fe = useFormErrors();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isSubmitting },
  } = useForm<ContactMessage>({ resolver: zodResolver(contactMessageSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(
    async (values) => {
      setResult(null);
      fe.clear();
      try {
        await sendContactMessage(values);
        reset(EMPTY);
        setResult({ kind: 'success', text: CONTACT_SUCCESS });
      } catch (err) {
        setResult({ kind: 'error', text: serverMessageOr(err, MSG.contactFailed) });
      }
    },
    (errs) => {
      // Spec part 1 §5: any empty field → 'Please fill in all required fields.', even when an earlier field (the
      // e-mail) is malformed; the e-mail's own message shows once all six are filled.
      const missing = Object.values(errs).some((e) => (e as { message?: string })?.message === CONTACT_REQUIRED_MESSAGE);
      setResult(null);
      showFieldErrors(fe, errs, FIELDS, missing ? CONTACT_REQUIRED_MESSAGE : firstErrorMessage(errs, FIELDS) ?? MSG.contactFailed);
    },
  );

  return (
    <FormErrorScope errors={fe}>
      <form onSubmit={onSubmit} noValidate aria-labelledby="contact-form-title" className="pub-panel">
        <h2 id="contact-form-title">{CONTACT.formTitle}</h2>
        <p className="pub-muted">{CONTACT.formIntro}</p>
        {result ? <Alert tone={result.kind} reveal>{result.text}</Alert> : <FormErrorMessage errors={fe} />}
        <div className="pub-grid-2">
          <TextField label="First Name" autoComplete="given-name" required {...register('firstName')} />
          <TextField label="Last Name" autoComplete="family-name" required {...register('lastName')} />
          <TextField label="Email" type="email" autoComplete="email" required {...register('email')} />
          <TextField label="Phone" type="tel" autoComplete="tel" required {...register('phone')} />
        </div>
        <TextField label="Subject" required {...register('subject')} />
        <TextField multiline label="Message" rows={5} required {...register('message')} />
        <button type="submit" className="pub-btn pub-btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Message'}
        </button>
      </form>
    </FormErrorScope>
  );
}

export default function ContactPage() {
  return (
    <>
      <PageHeader docTitle="Contact" title={CONTACT.title} lead={CONTACT.intro} />
      <section className="pub-section">
        <div className="pub-container pub-contact">
          <div>
            <h2>Our Offices</h2>
            <ul className="pub-offices">
              {OFFICES.map((o) => (
                <li key={o.city} className="pub-office">
                  <h3>{o.city}</h3>
                  <address>
                    {o.street}
                    <br />
                    {o.cityLine}
                    <br />
                    <a href={`tel:+1${o.phone.replace(/\D/g, '')}`}>{o.phone}</a>
                  </address>
                  <p className="pub-muted">{o.note}</p>
                </li>
              ))}
            </ul>
            <div className="pub-hours">
              <h2>Office Hours</h2>
              <dl>
                {OFFICE_HOURS.map((h) => (
                  <div key={h.days}>
                    <dt>{h.days}</dt>
                    <dd>{h.hours}</dd>
                  </div>
                ))}
              </dl>
              <p>
                <a href={FIRM.phoneHref}>{FIRM.phone}</a> · <a href={`mailto:${FIRM.email}`}>{FIRM.email}</a>
              </p>
            </div>
          </div>
          <ContactForm />
        </div>
      </section>
    </>
  );
}
