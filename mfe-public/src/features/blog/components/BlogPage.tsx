import { useEffect, useRef, useState } from 'react';
import { PageHeader } from '../../../components/PageTitle';
import { BLOG_POSTS, type BlogPost } from '../../../content';

function PostCard({ post, onOpen }: { post: BlogPost; onOpen: () => void }) {
  return (
    <li className="pub-blog-card" id={`post-${post.id}`}>
      <img src={post.image} alt="" width="320" height="180" loading="lazy" decoding="async" />
      <div className="pub-blog-card-body">
        <h2 className="pub-blog-card-title">
          <button type="button" onClick={onOpen} className="pub-blog-open">
            {post.title}
          </button>
        </h2>
        <p className="pub-clamp-2">{post.content.join(' ')}</p>
      </div>
    </li>
  );
}

/** Grid of posts; a click expands one, lists the others at the side, and Collapse returns to the grid. */
export default function BlogPage() {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = BLOG_POSTS.find((p) => p.id === openId) ?? null;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const lastOpened = useRef<string | null>(null);

  useEffect(() => {
    if (open) {
      headingRef.current?.focus();
      lastOpened.current = open.id;
    } else if (lastOpened.current) {
      document.getElementById(`post-${lastOpened.current}`)?.querySelector('button')?.focus();
    }
  }, [open]);

  return (
    <>
      <PageHeader
        docTitle="Blog"
        title="Blog"
        lead="Practical advice on valuing, selling, financing and buying California businesses."
      />
      <section className="pub-section">
        <div className="pub-container">
          {open ? (
            <div className="pub-blog-expanded">
              <article className="pub-blog-post">
                <div className="pub-blog-post-head">
                  <button type="button" className="pub-btn pub-btn-outline" onClick={() => setOpenId(null)}>
                    Collapse
                  </button>
                </div>
                <img src={open.image} alt="" width="640" height="360" className="pub-blog-post-img" />
                <h2 ref={headingRef} tabIndex={-1}>{open.title}</h2>
                {open.content.map((p) => <p key={p.slice(0, 24)}>{p}</p>)}
              </article>
              <aside className="pub-blog-side" aria-labelledby="more-posts">
                <h2 id="more-posts">More posts</h2>
                <ul>
                  {BLOG_POSTS.filter((p) => p.id !== open.id).map((p) => (
                    <li key={p.id}>
                      <button type="button" onClick={() => setOpenId(p.id)}>
                        <img src={p.image} alt="" width="64" height="36" loading="lazy" decoding="async" />
                        <span>{p.title}</span>
                      </button>
                    </li>
                  ))}
                </ul>
              </aside>
            </div>
          ) : (
            <ul className="pub-blog-grid">
              {BLOG_POSTS.map((p) => (
                <PostCard key={p.id} post={p} onOpen={() => setOpenId(p.id)} />
              ))}
            </ul>
          )}
        </div>
      </section>
    </>
  );
}
