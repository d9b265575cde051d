import { useState } from 'react';
import { PageHeader } from '../../../components/PageTitle';
import { Dialog } from '@brokerage/ui';
import { ABOUT, FIRM, TEAM, type TeamMember } from '../../../content';

function telHref(phone: string) {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}

function MemberDialog({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  if (!member) return null;
  const d = member.detailedBio;
  return (
    <Dialog open onClose={onClose} title={member.name} size="lg" closeButton>
      <div className="pub-member-detail">
        <img src={member.image} alt={`Portrait of ${member.name}`} width="160" height="160" className="pub-member-photo" />
        <div>
          <p className="pub-member-position">{member.position}</p>
          <p>
            <a href={`mailto:${member.email}`}>{member.email}</a>
            <br />
            <a href={telHref(member.phone)}>{member.phone}</a>
          </p>
        </div>
      </div>
      <dl className="pub-member-facts">
        <dt>Education</dt>
        <dd>{d.education}</dd>
        <dt>Experience</dt>
        <dd>{d.experience}</dd>
      </dl>
      <h3>Credentials</h3>
      <ul>
        {d.credentials.map((c) => <li key={c}>{c}</li>)}
      </ul>
      <h3>Specialties</h3>
      <ul>
        {d.specialties.map((s) => <li key={s}>{s}</li>)}
      </ul>
      <h3>About {member.name.split(' ')[0]}</h3>
      <p>{d.description}</p>
    </Dialog>
  );
}

export default function AboutPage() {
  const [selected, setSelected] = useState<TeamMember | null>(null);
  return (
    <>
      <PageHeader
        docTitle="About"
        title={ABOUT.title}
        lead={`Led by a broker with ${FIRM.yearsExperience} years of experience, serving California from five offices.`}
      />
      <section className="pub-section">
        <div className="pub-container pub-about">
          <div className="pub-prose">
            <h2>Our Story</h2>
            {ABOUT.story.map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
          </div>
          <div>
            <h2>{ABOUT.teamTitle}</h2>
            <p className="pub-muted">{ABOUT.teamIntro}</p>
            <ul className="pub-team">
              {TEAM.map((m) => (
                <li key={m.id} className="pub-team-card">
                  <img src={m.image} alt="" width="96" height="96" className="pub-team-photo" loading="lazy" decoding="async" />
                  <div>
                    <h3>
                      <button type="button" className="pub-team-open" onClick={() => setSelected(m)} aria-haspopup="dialog">
                        {m.name}
                      </button>
                    </h3>
                    <p className="pub-member-position">{m.position}</p>
                    <p className="pub-team-contact">
                      <a href={`mailto:${m.email}`}>{m.email}</a>
                      <br />
                      <a href={telHref(m.phone)}>{m.phone}</a>
                    </p>
                    <p className="pub-team-bio">{m.shortBio}</p>
                  </div>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>
      <MemberDialog member={selected} onClose={() => setSelected(null)} />
    </>
  );
}
