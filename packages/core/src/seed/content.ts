/**
 * Default content seeded into a fresh table. Data only: every item has a fixed id so seeding is
 * idempotent. Short text lives in `title`, long text in `content`; policy and blog bodies are HTML.
 */

import type * as z from "../contract/zod";
import type { BlogPostInput } from "../contract/blog";
import type { courseInput, industryInput, serviceDetailInput, serviceInput } from "../contract/catalog";
import type { IndustryIconName, ServiceIconName } from "../contract/catalog-values";
import type { SettingType } from "../contract/settings";

const INTRO_VIDEO_URL = "https://www.youtube-nocookie.com/embed/aircAruvnKk";

/* ------------------------------------------------------------------------------------------------ */
/* Policies (HTML)                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

const PRIVACY_POLICY_HTML = `<p>This Privacy Policy explains how Arcline AI (<strong>"Arcline"</strong>, <strong>"we"</strong>, <strong>"us"</strong>), including our training arm Arcline Academy, collects, uses and protects personal information when you visit arcline.ai, send us a message or register interest in one of our courses. We collect little, use it only for the reason you gave it to us, and never sell it.</p>

<h2>Who we are</h2>
<p>Arcline AI is an AI automation agency and technology school located at 350 Fifth Avenue, Suite 4100, New York, NY 10118. Arcline AI is responsible for the personal information described here.</p>

<h2>Information we collect</h2>
<h3>Contact form</h3>
<p>When you send us a message through the contact form, we collect:</p>
<ul>
<li>your name and email address;</li>
<li>your company name, if you choose to give it;</li>
<li>the type of inquiry you select, such as automation, education or partnership; and</li>
<li>the content of your message.</li>
</ul>
<h3>Course registration form</h3>
<p>When you register interest in an Arcline Academy course, we collect your name and email address and, if you choose to provide them, your phone number, company, the course or learning path you are interested in, your experience level, your preferred start date and any notes you add.</p>
<h3>Technical information</h3>
<p>Our servers record basic request information (IP address, browser type, the page requested and the time of the request) to keep the service secure, stop abuse such as automated form spam, and diagnose errors. We do not use this information to build profiles of individual visitors.</p>
<h3>Staff sign-in</h3>
<p>Our administration area is used only by Arcline staff. When a team member signs in with a Google account, we receive their name, email address, profile picture and whether the address is verified. This does not apply to visitors of the public site.</p>

<h2>How we use your information</h2>
<ul>
<li><strong>To respond to you.</strong> We use contact form details to answer your inquiry, schedule a consultation and prepare a proposal if you ask for one.</li>
<li><strong>To handle course registrations.</strong> We use registration details to confirm your place, recommend the right cohort or learning path, and send practical information about dates, schedules and fees.</li>
<li><strong>To run and secure the website.</strong> Technical information helps us keep the site available, block abusive traffic and fix problems.</li>
<li><strong>To meet legal obligations.</strong> For example, keeping required accounting records for clients and students.</li>
</ul>
<p>We only send marketing emails to people who have asked to receive them, and every one includes an unsubscribe link.</p>

<h2>Cookies and tracking</h2>
<p>We use cookies only to keep sessions working, such as keeping an authorized user signed in. We do not use advertising cookies, third-party ad trackers or retargeting pixels. Our Cookie Policy has the details.</p>

<h2>How we share information</h2>
<p>We do not sell or rent personal information. We share it only:</p>
<ul>
<li>with service providers that host our website, store our data and deliver our email, under contracts that require them to protect it and use it only on our instructions;</li>
<li>with Arcline Academy instructors and course staff, where needed to run a course you have registered for; and</li>
<li>where required by law, or to protect the rights, safety or property of Arcline, our clients or others.</li>
</ul>
<p>Our infrastructure is hosted in the United States, so information you send us from another country is processed there.</p>

<h2>How long we keep it</h2>
<ul>
<li><strong>Contact messages:</strong> up to 24 months after our last exchange with you, unless you become a client, in which case they form part of the project record.</li>
<li><strong>Course registrations:</strong> for the length of your course and three years afterwards, so we can confirm completion and reissue certificates. Registrations that do not lead to enrollment are deleted after 12 months.</li>
<li><strong>Server logs:</strong> up to 30 days.</li>
<li><strong>Client and billing records:</strong> as long as the law requires, usually seven years.</li>
</ul>

<h2>Your rights</h2>
<p>Depending on where you live, including under the California Consumer Privacy Act and the EU and UK GDPR, you may have the right to:</p>
<ul>
<li>access the personal information we hold about you and receive a copy;</li>
<li>correct information that is inaccurate or incomplete;</li>
<li>ask us to delete your information;</li>
<li>object to or restrict certain uses of it; and</li>
<li>receive your information in a portable format.</li>
</ul>
<p>We honor these requests wherever you live. Email <a href="mailto:privacy@arcline.ai">privacy@arcline.ai</a>; we may ask you to verify your identity and will respond within 30 days. Exercising your rights will never affect how we treat you. If you are in the EU or UK, you may also complain to your local data protection authority.</p>

<h2>Security</h2>
<p>We protect personal information with encryption in transit and at rest, access limited to the staff who need it, and rate limits on our public forms. We review our safeguards regularly and will promptly notify anyone affected if a breach puts their information at risk.</p>

<h2>Children</h2>
<p>Our website and courses are intended for adults. We do not knowingly collect information from children under 16 and will delete any we discover.</p>

<h2>Changes to this policy</h2>
<p>We may update this policy as our services change. The last-updated date shown with this policy tells you when it was last revised.</p>

<h2>Contact us</h2>
<p>Send questions about this policy or your information to <a href="mailto:privacy@arcline.ai">privacy@arcline.ai</a>, or write to Arcline AI, Attn: Privacy, 350 Fifth Avenue, Suite 4100, New York, NY 10118.</p>`;

const TERMS_OF_SERVICE_HTML = `<p>These Terms of Service (<strong>"Terms"</strong>) govern your use of arcline.ai and the related pages operated by Arcline AI (<strong>"Arcline"</strong>, <strong>"we"</strong>, <strong>"us"</strong>), including the pages of Arcline Academy, our tech school. By using the website you agree to these Terms. If you do not agree, please do not use the site.</p>

<h2>What these Terms cover</h2>
<p>These Terms cover the website itself: reading our content, sending us messages and registering interest in courses. Consulting, development and support work is governed by a separate Master Services Agreement and statement of work signed with each client. Paid course enrollment is governed by the enrollment agreement you accept at checkout. Where those documents conflict with these Terms, they take precedence.</p>

<h2>Using the website</h2>
<p>You may use the website for lawful purposes only. You agree not to:</p>
<ul>
<li>submit false information or impersonate another person through our forms;</li>
<li>send spam, automated submissions or malicious code;</li>
<li>try to access the administration area, other people's data or our systems without authorization;</li>
<li>scrape, copy or republish substantial parts of the site for commercial purposes without our written permission; or</li>
<li>interfere with the security or performance of the site.</li>
</ul>
<p>We may limit or block access for anyone who breaks these rules.</p>

<h2>Inquiries and proposals</h2>
<p>Sending a message through our contact form does not create a client relationship. Prices and timelines published on the site, such as "From $8,000" or "4-8 weeks", are indicative only. A binding price and schedule exist only once both parties sign a written proposal or statement of work.</p>

<h2>Course registrations</h2>
<h3>Registering interest</h3>
<p>Submitting the course registration form does not reserve a place or create any obligation to pay. An advisor will contact you to confirm the course, cohort dates and fees.</p>
<h3>Enrollment, fees and refunds</h3>
<p>Some courses link to our enrollment site at <a href="https://academy.arcline.ai">academy.arcline.ai</a>, where you can pay and enrol directly. Fees, payment plans and the refund policy are shown before you pay. Unless your enrollment agreement says otherwise, you may cancel for a full refund up to 14 days before a live cohort starts, or within seven days of starting a self-paced course if you have completed less than 20 percent of it.</p>
<h3>Schedule changes</h3>
<p>We may reschedule or cancel a cohort if minimum enrollment is not reached or an instructor becomes unavailable. If that happens, you may move to another cohort or receive a full refund.</p>
<h3>Certificates</h3>
<p>Certificates of completion are issued to students who meet the attendance and project requirements of their course. A certificate confirms completion of Arcline Academy training; it is not an accredited academic qualification.</p>

<h2>Intellectual property</h2>
<p>The website, including its text, graphics, course descriptions and articles, belongs to Arcline AI or its licensors and is protected by copyright and trademark law. You may link to our pages and quote short passages with attribution. Course materials are licensed to enrolled students for personal learning only and may not be redistributed. Work you create during a course, including your code, projects and portfolio pieces, remains yours.</p>

<h2>Content and AI outputs</h2>
<p>Articles, guides and examples on this site are general information, not legal, financial or professional advice for your situation. Where we demonstrate AI systems, remember that their outputs can be incomplete or wrong. Any AI system should be tested and reviewed by people before it is relied on for important decisions.</p>

<h2>Third-party links</h2>
<p>The site may link to or embed content from other websites, such as videos and resources we recommend. We are not responsible for their content or privacy practices.</p>

<h2>Disclaimers and limitation of liability</h2>
<p>The website is provided <strong>"as is"</strong> and <strong>"as available"</strong>. We work to keep it accurate and online but do not guarantee that it will be error-free or uninterrupted. To the fullest extent permitted by law, Arcline AI is not liable for indirect, incidental or consequential losses arising from your use of the website, and our total liability relating to the website is limited to one hundred US dollars. Nothing in these Terms limits liability that cannot be limited by law.</p>

<h2>Privacy</h2>
<p>Our Privacy Policy and Cookie Policy explain how we handle personal information submitted through the site and the limited cookies we use.</p>

<h2>Governing law</h2>
<p>These Terms are governed by the laws of the State of New York, without regard to its conflict-of-law rules. Any dispute will be heard in the state or federal courts located in New York County, New York.</p>

<h2>Changes</h2>
<p>We may update these Terms from time to time. The last-updated date shown with them identifies the current version, and continuing to use the site after a change means you accept the updated Terms.</p>

<h2>Contact</h2>
<p>Questions about these Terms can be sent to <a href="mailto:hello@arcline.ai">hello@arcline.ai</a> or to Arcline AI, 350 Fifth Avenue, Suite 4100, New York, NY 10118. For privacy questions, write to <a href="mailto:privacy@arcline.ai">privacy@arcline.ai</a>.</p>`;

const COOKIE_POLICY_HTML = `<p>This Cookie Policy explains how Arcline AI uses cookies and similar technologies on arcline.ai. The short version: we use only the cookies needed to keep sessions working. We do not use advertising cookies, cross-site tracking or third-party ad trackers.</p>

<h2>What cookies are</h2>
<p>Cookies are small text files that a website stores in your browser. They let the site remember information between page loads, for example that you have already signed in. Similar technologies, such as browser storage, work in much the same way, and this policy covers them too.</p>

<h2>The cookies we use</h2>
<h3>Strictly necessary session cookies</h3>
<p>These cookies are set only when someone signs in, for example to our administration area. They:</p>
<ul>
<li>keep you signed in securely as you move between pages;</li>
<li>protect the sign-in process against forged requests from other websites; and</li>
<li>expire when you sign out or after a limited period of inactivity.</li>
</ul>
<p>Session cookies are marked <strong>Secure</strong> and <strong>HttpOnly</strong>, so they are sent only over encrypted connections and cannot be read by scripts running on the page. Because signing in cannot work without them, they do not require consent under applicable law.</p>

<h3>What we do not use</h3>
<ul>
<li><strong>No advertising or retargeting cookies.</strong> We do not run ad networks, retargeting pixels or social media tracking tags.</li>
<li><strong>No third-party analytics cookies.</strong> We do not currently use a third-party analytics service. If that changes, we will update this policy first and ask for your consent where the law requires it.</li>
<li><strong>No data sales.</strong> We never sell browsing information or share it with data brokers.</li>
</ul>
<p>Browsing our public pages, whether you are reading the blog, comparing services, looking at courses or sending us a message, does not require any cookie.</p>

<h2>Embedded videos</h2>
<p>Some pages include embedded videos. We use YouTube's privacy-enhanced mode (youtube-nocookie.com), which limits the information YouTube collects before you choose to play a video. Once you press play, YouTube may set its own cookies under Google's privacy policy. If you prefer to avoid them, simply do not play the video.</p>

<h2>Managing cookies</h2>
<p>You can control cookies through your browser settings. Most browsers let you:</p>
<ul>
<li>see which cookies are stored and delete them individually or all at once;</li>
<li>block cookies from particular sites or from all sites; and</li>
<li>clear all cookies automatically when you close the browser.</li>
</ul>
<p>Blocking cookies will not affect the public website. It will only prevent signing in to areas that need a session.</p>

<h2>Changes to this policy</h2>
<p>If we change the cookies we use, we will update this policy and its last-updated date before the change takes effect.</p>

<h2>Contact</h2>
<p>Questions about cookies or privacy can be sent to <a href="mailto:privacy@arcline.ai">privacy@arcline.ai</a>. Our Privacy Policy explains in more detail what personal information we collect through our contact and course registration forms and how long we keep it.</p>`;

/* ------------------------------------------------------------------------------------------------ */
/* Page sections                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

/** The page's intro video section (the home page and the tech school show the same video). */
const introVideo = (page_slug: "home" | "tech-school") => ({
  id: `ps-${page_slug}-video_embed_url`,
  page_slug,
  section_key: "video_embed_url",
  title: "",
  content: "",
  video_url: INTRO_VIDEO_URL,
  image_url: "",
  is_active: true,
});

export const seedPageSections: {
  id: string;
  page_slug: string;
  section_key: string;
  title: string;
  content: string;
  video_url: string;
  image_url: string;
  is_active: boolean;
}[] = [
  // Home
  {
    id: "ps-home-hero_badge",
    page_slug: "home",
    section_key: "hero_badge",
    title: "AI Automation Agency & Tech School",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-hero_title",
    page_slug: "home",
    section_key: "hero_title",
    title: "Put AI to Work Where Your Team Loses the Most Time",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-hero_subtitle",
    page_slug: "home",
    section_key: "hero_subtitle",
    title:
      "Arcline AI designs, builds and supports automations, AI agents and forecasting systems for growing businesses, and Arcline Academy trains your people to run them with confidence.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-hero_cta_primary",
    page_slug: "home",
    section_key: "hero_cta_primary",
    title: "Book a Free Consultation",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-hero_cta_secondary",
    page_slug: "home",
    section_key: "hero_cta_secondary",
    title: "Explore the Tech School",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-video_title",
    page_slug: "home",
    section_key: "video_title",
    title: "Understand the Technology Behind the Results",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-video_subtitle",
    page_slug: "home",
    section_key: "video_subtitle",
    title: "A clear, visual introduction to how neural networks learn, the same foundation our engineers build on and our students start with.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  introVideo("home"),
  {
    id: "ps-home-video_description_title",
    page_slug: "home",
    section_key: "video_description_title",
    title: "No black boxes",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-video_description",
    page_slug: "home",
    section_key: "video_description",
    title: "",
    content:
      "We believe the people who depend on an AI system should understand how it works. Every Arcline engagement ends with documentation, a handover session and a clear explanation of what the system does, where its limits are and how to tell when it needs attention. It is the same philosophy behind Arcline Academy: whether you are automating invoice processing or training your first model, you get further when you understand the fundamentals rather than treating AI as magic.",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-what_we_do_title",
    page_slug: "home",
    section_key: "what_we_do_title",
    title: "What We Do",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-what_we_do_subtitle",
    page_slug: "home",
    section_key: "what_we_do_subtitle",
    title:
      "From a single automated workflow to a company-wide AI roadmap, we focus on systems that save measurable time and money, and that your team can own after we hand them over.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-featured_courses_title",
    page_slug: "home",
    section_key: "featured_courses_title",
    title: "Learn AI at Arcline Academy",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-home-featured_courses_subtitle",
    page_slug: "home",
    section_key: "featured_courses_subtitle",
    title: "Practical, project-based courses taught by the engineers who build our client systems. Live cohorts, real datasets and a portfolio project in every course.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Tech school
  {
    id: "ps-tech-school-hero_badge",
    page_slug: "tech-school",
    section_key: "hero_badge",
    title: "Arcline Academy",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-tech-school-hero_title",
    page_slug: "tech-school",
    section_key: "hero_title",
    title: "Learn AI From the People Who Build It",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-tech-school-hero_subtitle",
    page_slug: "tech-school",
    section_key: "hero_subtitle",
    title:
      "Hands-on courses in machine learning, automation and data science, taught in small live cohorts by practitioners who ship AI systems for clients every week. Finish with skills you can use on Monday and a project you can show.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-tech-school-video_title",
    page_slug: "tech-school",
    section_key: "video_title",
    title: "Start With the Fundamentals",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-tech-school-video_subtitle",
    page_slug: "tech-school",
    section_key: "video_subtitle",
    title: "Every learning path begins here: how a neural network turns data into predictions. Watch it before your first session and you will be ahead on day one.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  introVideo("tech-school"),
  {
    id: "ps-tech-school-featured_courses_title",
    page_slug: "tech-school",
    section_key: "featured_courses_title",
    title: "Featured Courses",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-tech-school-featured_courses_subtitle",
    page_slug: "tech-school",
    section_key: "featured_courses_subtitle",
    title:
      "Four to twelve weeks, live instruction, weekly office hours and a capstone project reviewed by a working engineer. Pick a single course or follow a full learning path.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Global (footer)
  {
    id: "ps-global-footer_description",
    page_slug: "global",
    section_key: "footer_description",
    title: "Arcline AI builds practical automation, AI agents and analytics for growing businesses, and trains the people who run them through Arcline Academy.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-global-newsletter_title",
    page_slug: "global",
    section_key: "newsletter_title",
    title: "The Arcline Briefing",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-global-newsletter_subtitle",
    page_slug: "global",
    section_key: "newsletter_subtitle",
    title: "One email a month: automation ideas that worked, new course cohorts and lessons from our client projects. No spam, unsubscribe anytime.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Policies
  {
    id: "ps-policies-privacy_policy",
    page_slug: "policies",
    section_key: "privacy_policy",
    title: "Privacy Policy",
    content: PRIVACY_POLICY_HTML,
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-policies-terms_of_service",
    page_slug: "policies",
    section_key: "terms_of_service",
    title: "Terms of Service",
    content: TERMS_OF_SERVICE_HTML,
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-policies-cookie_policy",
    page_slug: "policies",
    section_key: "cookie_policy",
    title: "Cookie Policy",
    content: COOKIE_POLICY_HTML,
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // About
  {
    id: "ps-about-hero_title",
    page_slug: "about",
    section_key: "hero_title",
    title: "We Build AI That Earns Its Place",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-about-hero_subtitle",
    page_slug: "about",
    section_key: "hero_subtitle",
    title: "Engineers, data scientists and teachers who care less about hype and more about whether the system is still saving you time a year from now.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-about-story_title",
    page_slug: "about",
    section_key: "story_title",
    title: "Our Story",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-about-story_content",
    page_slug: "about",
    section_key: "story_content",
    title: "",
    content:
      "Arcline started in 2019 when three engineers who had spent years building data platforms for large banks noticed the same thing at every mid-sized company they talked to: talented people spending whole days copying data between systems, chasing approvals and rebuilding the same spreadsheet every week. The technology to fix it existed. What was missing was someone to apply it carefully, measure the result and leave the team able to run it.\n\nSo we set up shop in New York with a simple rule: every project has to pay for itself, and every client has to understand what we built. Since then we have delivered more than 500 automation and AI projects across retail, finance, healthcare, logistics and a dozen other industries, from invoice pipelines and support agents to demand forecasting and visual inspection on the factory floor.\n\nArcline Academy grew out of our handover sessions. Clients kept asking us to teach their analysts and engineers how the systems worked, and those sessions became courses. Today the Academy runs live cohorts in machine learning, automation and data science, taught by the same engineers who work on client projects, because the best way to learn AI is from people who ship it.",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Services
  {
    id: "ps-services-hero_title",
    page_slug: "services",
    section_key: "hero_title",
    title: "AI Services Built Around How Your Business Runs",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-services-hero_subtitle",
    page_slug: "services",
    section_key: "hero_subtitle",
    title:
      "Automation, AI agents, forecasting, computer vision and strategy, scoped to a clear business outcome, delivered in weeks rather than quarters, and supported after launch.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Contact
  {
    id: "ps-contact-hero_title",
    page_slug: "contact",
    section_key: "hero_title",
    title: "Let's Talk About What's Slowing You Down",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-contact-hero_subtitle",
    page_slug: "contact",
    section_key: "hero_subtitle",
    title: "Tell us about a process, a project or a course you are considering. We reply within 24 hours, and every engagement starts with a free 30-minute consultation.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },

  // Blog
  {
    id: "ps-blog-hero_title",
    page_slug: "blog",
    section_key: "hero_title",
    title: "Field Notes on Applied AI",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
  {
    id: "ps-blog-hero_subtitle",
    page_slug: "blog",
    section_key: "hero_subtitle",
    title: "Lessons from client projects, practical guides and student work from the Arcline team: what worked, what did not, and what we would do differently.",
    content: "",
    video_url: "",
    image_url: "",
    is_active: true,
  },
];

/* ------------------------------------------------------------------------------------------------ */
/* Services and industries                                                                          */
/* ------------------------------------------------------------------------------------------------ */

export const seedServices: (z.output<typeof serviceInput> & { id: string; icon_name: ServiceIconName })[] = [
  {
    id: "svc-1",
    title: "Automation & Workflow",
    description:
      "We map the repetitive work in your operations, from invoice intake to onboarding and reporting, and replace it with reliable automations that connect the tools you already use.",
    icon_name: "Workflow",
    image_url: "",
    image_alt: "",
    order_index: 0,
    is_active: true,
  },
  {
    id: "svc-2",
    title: "AI Agents & Chatbots",
    description:
      "Assistants that answer customers, triage tickets and complete tasks in your systems, grounded in your own knowledge base and handing off to a person when they should.",
    icon_name: "Bot",
    image_url: "",
    image_alt: "",
    order_index: 1,
    is_active: true,
  },
  {
    id: "svc-3",
    title: "Analytics & Forecasting",
    description: "Demand, revenue and capacity forecasts built on your historical data, delivered as dashboards and alerts your planners actually use.",
    icon_name: "TrendingUp",
    image_url: "",
    image_alt: "",
    order_index: 2,
    is_active: true,
  },
  {
    id: "svc-4",
    title: "Computer Vision",
    description: "Image and video models for quality inspection, document capture, shelf monitoring and safety compliance, deployed in the cloud or on the edge.",
    icon_name: "Eye",
    image_url: "",
    image_alt: "",
    order_index: 3,
    is_active: true,
  },
  {
    id: "svc-5",
    title: "Custom AI Solutions",
    description: "When off-the-shelf tools fall short, we design, train and deploy models and AI products tailored to your data, your workflows and your compliance requirements.",
    icon_name: "Brain",
    image_url: "",
    image_alt: "",
    order_index: 4,
    is_active: true,
  },
  {
    id: "svc-6",
    title: "AI Consulting",
    description:
      "An independent assessment of where AI will pay off in your business, with a prioritized roadmap, build-versus-buy advice and a governance plan your leadership can sign off on.",
    icon_name: "Search",
    image_url: "",
    image_alt: "",
    order_index: 5,
    is_active: true,
  },
];

export const seedIndustries: (z.output<typeof industryInput> & { id: string; icon_name: IndustryIconName })[] = [
  {
    id: "ind-1",
    name: "Retail & E-commerce",
    description: "Demand forecasting, product catalog enrichment, order-status chatbots and returns automation that keep margins healthy through peak season.",
    icon_name: "ShoppingCart",
    order_index: 0,
    is_active: true,
  },
  {
    id: "ind-2",
    name: "Finance & Banking",
    description: "Document processing for KYC and lending, reconciliation automation and anomaly detection, built with audit trails and model risk controls from day one.",
    icon_name: "DollarSign",
    order_index: 1,
    is_active: true,
  },
  {
    id: "ind-3",
    name: "Healthcare",
    description: "Intake and referral automation, prior-authorization support and scheduling assistants, designed around HIPAA requirements and clinician review.",
    icon_name: "Heart",
    order_index: 2,
    is_active: true,
  },
  {
    id: "ind-4",
    name: "Education",
    description: "Admissions and enrollment workflows, student support assistants and early-warning analytics that help schools reach learners before they fall behind.",
    icon_name: "GraduationCap",
    order_index: 3,
    is_active: true,
  },
  {
    id: "ind-5",
    name: "Manufacturing",
    description: "Visual quality inspection, predictive maintenance from sensor data and production planning forecasts that reduce scrap and unplanned downtime.",
    icon_name: "Factory",
    order_index: 4,
    is_active: true,
  },
  {
    id: "ind-6",
    name: "Real Estate",
    description: "Lead qualification, lease abstraction and maintenance request triage for brokerages and property managers handling hundreds of units.",
    icon_name: "Home",
    order_index: 5,
    is_active: true,
  },
  {
    id: "ind-7",
    name: "Legal",
    description: "Contract review assistants, clause extraction and matter intake automation that free associates from first-pass document work.",
    icon_name: "Scale",
    order_index: 6,
    is_active: true,
  },
  {
    id: "ind-8",
    name: "Logistics",
    description: "Freight invoice and proof-of-delivery processing, shipment exception alerts and volume forecasting for carriers, brokers and distributors.",
    icon_name: "Truck",
    order_index: 7,
    is_active: true,
  },
  {
    id: "ind-9",
    name: "Energy & Utilities",
    description: "Load forecasting, field inspection imagery analysis and customer service automation for utilities and renewable energy operators.",
    icon_name: "Zap",
    order_index: 8,
    is_active: true,
  },
  {
    id: "ind-10",
    name: "Hospitality",
    description: "Guest messaging assistants, occupancy and staffing forecasts and review analysis for hotel groups and restaurant operators.",
    icon_name: "Coffee",
    order_index: 9,
    is_active: true,
  },
  {
    id: "ind-11",
    name: "Media & Entertainment",
    description: "Content tagging and search, transcription and localization pipelines and audience analytics for publishers and production studios.",
    icon_name: "Film",
    order_index: 10,
    is_active: true,
  },
  {
    id: "ind-12",
    name: "Agriculture",
    description: "Crop and yield forecasting, drone and satellite image analysis and supply planning tools for growers, co-ops and food processors.",
    icon_name: "Wheat",
    order_index: 11,
    is_active: true,
  },
];

/* ------------------------------------------------------------------------------------------------ */
/* Courses                                                                                          */
/* ------------------------------------------------------------------------------------------------ */

export const seedCourses: (z.output<typeof courseInput> & { id: string })[] = [
  {
    id: "course-1",
    title: "Machine Learning Fundamentals",
    description: "Supervised and unsupervised learning with Python and scikit-learn, from clean data to a model you can defend.",
    course_type: "Online · Live cohort",
    level: "Beginner",
    duration: "8 weeks",
    student_count: "1,200+",
    progress_percentage: 88,
    color_scheme: "from-purple-500 to-blue-500",
    icon: "🧠",
    image_url: "",
    image_alt: "",
    button_type: "contact",
    external_url: "",
    highlights: "Python & scikit-learn|Model evaluation|Churn-prediction capstone",
    rating: 4.8,
    order_index: 0,
    is_active: true,
  },
  {
    id: "course-2",
    title: "AI Automation with Python",
    description: "Automate real business workflows with Python, APIs and large language models, with a reusable automation every week.",
    course_type: "Online · Live cohort",
    level: "Intermediate",
    duration: "6 weeks",
    student_count: "940+",
    progress_percentage: 82,
    color_scheme: "from-blue-500 to-cyan-500",
    icon: "🐍",
    image_url: "",
    image_alt: "",
    button_type: "register",
    external_url: "https://academy.arcline.ai/enrol/ai-automation-with-python",
    highlights: "APIs & webhooks|Document parsing with LLMs|Human approval steps",
    rating: 4.9,
    order_index: 1,
    is_active: true,
  },
  {
    id: "course-3",
    title: "Data Science Bootcamp",
    description: "Statistics, SQL, pandas, visualization and predictive modeling, with weekly mentoring and a partner-company capstone.",
    course_type: "Hybrid · New York & online",
    level: "Beginner",
    duration: "12 weeks",
    student_count: "2,100+",
    progress_percentage: 92,
    color_scheme: "from-green-500 to-emerald-500",
    icon: "📊",
    image_url: "",
    image_alt: "",
    button_type: "contact",
    external_url: "",
    highlights: "SQL & pandas|Visualization|1:1 mentoring",
    rating: 4.8,
    order_index: 2,
    is_active: true,
  },
  {
    id: "course-4",
    title: "Building AI Agents with LLMs",
    description: "Design agents that use tools, retrieve from your documents and know when to hand off to a person.",
    course_type: "Online · Live cohort",
    level: "Advanced",
    duration: "6 weeks",
    student_count: "680+",
    progress_percentage: 74,
    color_scheme: "from-orange-500 to-red-500",
    icon: "🤖",
    image_url: "",
    image_alt: "",
    button_type: "register",
    external_url: "https://academy.arcline.ai/enrol/building-ai-agents-with-llms",
    highlights: "Retrieval & tools|Evaluation sets|Guardrails & cost control",
    rating: 4.9,
    order_index: 3,
    is_active: true,
  },
  {
    id: "course-5",
    title: "Computer Vision in Practice",
    description: "Train and deploy image classification, detection and OCR models with PyTorch, and ship one to an edge device.",
    course_type: "Online · Live cohort",
    level: "Advanced",
    duration: "10 weeks",
    student_count: "520+",
    progress_percentage: 68,
    color_scheme: "from-pink-500 to-rose-500",
    icon: "📷",
    image_url: "",
    image_alt: "",
    button_type: "contact",
    external_url: "",
    highlights: "PyTorch fine-tuning|Data labeling|Edge deployment",
    rating: 4.7,
    order_index: 4,
    is_active: true,
  },
  {
    id: "course-6",
    title: "AI for Business Leaders",
    description: "How modern AI works, where it pays off and how to scope, budget and govern a project. No code required.",
    course_type: "Online · Self-paced with live Q&A",
    level: "All Levels",
    duration: "4 weeks",
    student_count: "1,500+",
    progress_percentage: 95,
    color_scheme: "from-indigo-500 to-purple-500",
    icon: "💼",
    image_url: "",
    image_alt: "",
    button_type: "contact",
    external_url: "",
    highlights: "AI strategy|Project scoping|Your team's AI roadmap",
    rating: 4.8,
    order_index: 5,
    is_active: true,
  },
];

/* ------------------------------------------------------------------------------------------------ */
/* Service details                                                                                  */
/* ------------------------------------------------------------------------------------------------ */

export const seedServiceDetails: (z.output<typeof serviceDetailInput> & { id: string })[] = [
  {
    id: "sd-1",
    service_category: "Automation & Workflow",
    title: "Business Process Automation",
    short_description: "End-to-end automation of repetitive back-office work, connecting the systems you already use.",
    detailed_description:
      "We start by sitting with the people who do the work today and mapping each step, each system and each exception. From there we design an automation that handles the routine cases end to end and routes the rest to the right person with the context they need. We build on the integration platforms and APIs you already pay for, add custom code only where a connector is missing, and include monitoring and alerts so you know the moment something changes upstream. Every project ends with runbooks and a handover session, so your team can maintain and extend the automation without us.",
    key_features:
      "Process mapping workshops with your team|Document extraction for invoices, forms and emails|Integrations with your CRM, ERP, accounting and ticketing tools|Human-in-the-loop approval steps for exceptions|Monitoring, alerting and run history for every workflow",
    benefits:
      "Hours of manual data entry removed every week|Fewer keying errors and faster cycle times|Staff freed for customer-facing and judgment work|A clear audit trail for every automated step|Processes that scale with volume without new hires",
    use_cases:
      "Accounts payable and invoice processing|Customer and employee onboarding|Weekly and monthly reporting packs|Order entry and fulfillment updates|Data synchronization between systems",
    pricing_info: "From $8,000",
    implementation_time: "4-8 weeks",
    order_index: 0,
    is_active: true,
  },
  {
    id: "sd-2",
    service_category: "AI Agents & Chatbots",
    title: "AI Agents & Conversational Assistants",
    short_description: "Assistants that answer questions and complete tasks using your own knowledge and systems.",
    detailed_description:
      "Our agents are built for a specific job, such as answering order questions, triaging support tickets or helping staff find the right policy, rather than trying to do everything. We ground each assistant in your documentation and data through retrieval, connect it to the systems it needs to act in, and define clear rules for when it must hand off to a person. Before launch we build an evaluation set from real conversations and test the agent against it, and after launch we track accuracy, deflection rate and cost so the assistant keeps improving instead of drifting.",
    key_features:
      "Retrieval over your help center, policies and product data|Tool use to look up orders, create tickets and update records|Seamless handoff to human agents with full context|Evaluation sets built from real conversations|Deployment to web chat, Slack, Microsoft Teams or email",
    benefits:
      "Instant answers around the clock|Lower support volume for repetitive questions|Consistent, on-brand responses|Shorter first-response and resolution times|Insight into what customers actually ask",
    use_cases: "Customer support and order status|Internal IT and HR help desks|Sales lead qualification|Support ticket triage and routing|Knowledge search for field teams",
    pricing_info: "From $15,000",
    implementation_time: "6-10 weeks",
    order_index: 1,
    is_active: true,
  },
  {
    id: "sd-3",
    service_category: "Analytics & Forecasting",
    title: "Predictive Analytics & Forecasting",
    short_description: "Forecasts and dashboards built on your historical data, delivered where planners make decisions.",
    detailed_description:
      "We turn the data you already collect into forecasts you can plan around. Our team audits your data sources, builds a clean and documented data model, and develops forecasting models that are benchmarked against your current method, so you know exactly how much better they are. Results are delivered through dashboards, scheduled reports and alerts in the tools your planners already use, with explanations of the main drivers behind each forecast. We retrain and monitor models on a schedule and flag when accuracy degrades.",
    key_features:
      "Data audit and cleaned, documented data model|Demand, revenue and capacity forecasting models|Benchmarking against your current forecasting method|Dashboards and scheduled reports in your BI tool|Automated retraining and accuracy monitoring",
    benefits:
      "Lower inventory and stock-out costs|Better staffing and capacity planning|One trusted source of numbers across teams|Earlier warning of changes in demand|Decisions backed by measurable accuracy",
    use_cases:
      "Retail and e-commerce demand planning|Call center and clinic staffing forecasts|Cash flow and revenue projections|Customer churn prediction|Energy load forecasting",
    pricing_info: "From $12,000",
    implementation_time: "6-12 weeks",
    order_index: 2,
    is_active: true,
  },
  {
    id: "sd-4",
    service_category: "Computer Vision",
    title: "Computer Vision Systems",
    short_description: "Image and video models that inspect, count, read and monitor, deployed in the cloud or on site.",
    detailed_description:
      "Computer vision projects live or die on data, so we begin with a short feasibility study on your own images to confirm the accuracy you can expect before you commit to a full build. We then set up data collection and labeling, fine-tune proven model architectures for your task, and deploy them where they are needed: in the cloud for document and photo workflows, or on edge devices beside a production line where latency and connectivity matter. Every deployment includes dashboards for reviewing predictions and a feedback loop so operators can correct the model and improve it over time.",
    key_features:
      "Feasibility study on your own images|Data collection and labeling pipeline|Custom object detection, classification and OCR models|Cloud or on-premise edge deployment|Review dashboard with operator feedback loop",
    benefits:
      "Consistent inspection on every unit, every shift|Defects caught earlier and with less scrap|Manual counting and data capture removed|Continuous visual monitoring of sites and equipment|Accuracy that improves as operators give feedback",
    use_cases:
      "Manufacturing quality inspection|ID and document capture|Retail shelf and planogram monitoring|Safety and PPE compliance|Utility asset inspection from drone imagery",
    pricing_info: "From $25,000",
    implementation_time: "8-16 weeks",
    order_index: 3,
    is_active: true,
  },
  {
    id: "sd-5",
    service_category: "Custom AI Solutions",
    title: "Custom AI Product Development",
    short_description: "Bespoke models and AI-powered products designed around your data, users and constraints.",
    detailed_description:
      "Some problems need more than an integration. For those we work as an extension of your product and engineering teams: defining the problem with stakeholders, prototyping quickly to prove value, and then building a production system with the testing, security and observability you would expect from any critical software. That can mean fine-tuning language models on your domain, building recommendation or scoring engines, or embedding AI features into your own product. You own all code, models and documentation, and we can support the system after launch or train your team to take it over.",
    key_features:
      "Discovery and rapid prototyping to validate value early|Model selection, fine-tuning and evaluation|Production APIs with testing, security and observability|Integration into your web and mobile products|Full ownership of code, models and documentation",
    benefits:
      "A solution shaped to your exact workflow|Competitive features your rivals cannot buy off the shelf|Control over data privacy and where models run|Predictable operating costs at scale|A team that can keep building after handover",
    use_cases:
      "Domain-specific language model applications|Recommendation and personalization engines|Risk and lead scoring models|AI features inside a SaaS product|Private assistants over sensitive data",
    pricing_info: "From $40,000",
    implementation_time: "12-24 weeks",
    order_index: 4,
    is_active: true,
  },
  {
    id: "sd-6",
    service_category: "AI Consulting",
    title: "AI Strategy & Readiness Consulting",
    short_description: "An independent view of where AI will pay off in your business and how to get there safely.",
    detailed_description:
      "Our consulting engagements give leadership a clear, honest answer to the question of where AI should and should not be used in the business. Over a few weeks we interview teams across the organization, review your processes, data and systems, and score every opportunity on value, feasibility and risk. You receive a prioritized roadmap with cost and return estimates, build-versus-buy recommendations for each initiative, and a practical governance framework covering data privacy, vendor selection and acceptable use. We are vendor-neutral, so our advice is not tied to any platform we resell.",
    key_features:
      "Stakeholder interviews and process review|Data and systems readiness assessment|Opportunity scoring on value, feasibility and risk|Prioritized roadmap with cost and return estimates|AI governance and acceptable-use policy templates",
    benefits:
      "Investment focused on the highest-return projects|Avoided spend on tools that do not fit|Leadership aligned on one plan|Risks identified before they become incidents|A clear starting point for your first build",
    use_cases:
      "Board or leadership AI strategy sessions|Vendor and platform evaluations|AI policy and governance setup|Pre-investment technical due diligence|Team readiness and training plans",
    pricing_info: "From $4,500",
    implementation_time: "2-4 weeks",
    order_index: 5,
    is_active: true,
  },
];

/* ------------------------------------------------------------------------------------------------ */
/* Site settings                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

export const seedSiteSettings: {
  key: string;
  value: string;
  description: string;
  type: SettingType;
  position: number;
}[] = [
  {
    key: "company_name",
    value: "Arcline AI",
    description: "The company name shown in the header, footer and page titles.",
    type: "text",
    position: 0,
  },
  {
    key: "contact_email",
    value: "hello@arcline.ai",
    description: "The public email address where new inquiries should be sent.",
    type: "email",
    position: 3,
  },
  {
    key: "contact_phone",
    value: "+1 (555) 014-2290",
    description: "The public phone number, written as it should appear on the site.",
    type: "text",
    position: 4,
  },
  {
    key: "company_address",
    value: "350 Fifth Avenue, Suite 4100, New York, NY 10118",
    description: "The office address shown on the contact page and in the footer.",
    type: "textarea",
    position: 5,
  },
  {
    key: "site_title",
    value: "Arcline AI — AI Automation Agency & Tech School",
    description: "The browser tab and search result title; aim for 60 characters or fewer.",
    type: "text",
    position: 8,
  },
  {
    key: "meta_description",
    value: "Arcline AI builds workflow automation, AI agents and forecasting for growing businesses, and Arcline Academy teaches teams to run them.",
    description: "The summary search engines show under the site title; keep it between 120 and 155 characters.",
    type: "textarea",
    position: 9,
  },
  {
    key: "default_social_image",
    value: "",
    description: "The picture link previews show for every page without an image of its own (1200x630 works best).",
    type: "image",
    position: 10,
  },
  {
    key: "social_media_twitter",
    value: "https://x.com/arclineai",
    description: "The full URL of the company profile on X (Twitter); leave empty to hide the link.",
    type: "url",
    position: 11,
  },
  {
    key: "social_media_linkedin",
    value: "https://www.linkedin.com/company/arcline-ai",
    description: "The full URL of the company page on LinkedIn; leave empty to hide the link.",
    type: "url",
    position: 12,
  },
  {
    key: "social_media_facebook",
    value: "",
    description: "The full URL of the company page on Facebook; leave empty to hide the link.",
    type: "url",
    position: 13,
  },
  {
    key: "notification_emails",
    value: "",
    description: "Who gets an email for every new enquiry and course registration: addresses separated by commas. Left empty, the contact email does.",
    type: "text",
    position: 14,
  },
  {
    key: "documentation_url",
    value: "",
    description: "The full URL of your documentation, for the footer's Documentation link; leave empty to hide the link.",
    type: "url",
    position: 15,
  },
  {
    key: "support_url",
    value: "",
    description: "The full URL of your help or support page, for the footer's Support link; leave empty to hide the link.",
    type: "url",
    position: 16,
  },
];

/* ------------------------------------------------------------------------------------------------ */
/* Blog posts (HTML)                                                                                */
/* ------------------------------------------------------------------------------------------------ */

const POST_1_HTML = `<p>Every automation project we take on starts with the same question: where does your team spend hours on work that follows the same steps every time? After more than 500 projects, the answers cluster around a handful of workflows. If you are deciding where to begin, these five deliver measurable results quickly, run on tools you already own, and carry little risk.</p>

<h2>1. Invoice intake and accounts payable</h2>
<p>Supplier invoices arrive as PDFs in a shared inbox, someone keys them into the accounting system, and someone else chases approvals. A modern pipeline reads each invoice with a document-extraction model, matches it to the purchase order, posts clean invoices automatically and routes exceptions to a person with the mismatch highlighted.</p>
<p><strong>What to measure:</strong> time from receipt to approval, and the share of invoices posted without a manual touch. Teams we work with typically move from several days to under one, with 70 to 85 percent of invoices needing no human input.</p>

<h2>2. Customer onboarding</h2>
<p>A new customer usually means a CRM update, a welcome email, an account in the billing system, a kickoff meeting and a checklist in the project tool, spread across three people and a lot of copy and paste. A single workflow triggered by a signed contract can do all of it in minutes and flag anything that is missing, such as a tax form or a billing contact.</p>

<h2>3. Weekly reporting</h2>
<p>If an analyst spends Monday morning exporting CSV files and pasting them into a slide deck, that is a workflow. A scheduled pipeline can pull data from source systems, refresh a dashboard and send a short written summary to the people who need it. Language models are good at drafting that summary, as long as every number in it is checked against the underlying data before it goes out.</p>

<h2>4. Support ticket triage</h2>
<p>Classifying incoming tickets by topic and urgency, attaching the customer's account details and routing them to the right queue is one of the safest first uses of a language model. A person still writes the reply, so mistakes are cheap, yet first-response times drop noticeably because nothing sits in a general inbox waiting to be sorted.</p>

<h2>5. Internal requests</h2>
<p>Access requests, equipment orders, time off and expense questions tend to arrive by email and chat and get lost. A simple intake form connected to an approval flow and an internal knowledge base answers the common questions on the spot and makes everything else trackable.</p>

<h2>How to choose your first one</h2>
<p>We score candidate workflows on three things:</p>
<ul>
<li><strong>Volume:</strong> how many times a week it runs and how long each run takes.</li>
<li><strong>Stability:</strong> whether the steps are the same every time or change with each case.</li>
<li><strong>Blast radius:</strong> what happens if the automation makes a mistake, and how quickly someone would notice.</li>
</ul>
<p>High volume, stable steps and a small blast radius make a strong first project. Save the complex, judgment-heavy processes for later, once your team trusts the tooling and monitoring is in place.</p>

<blockquote>The best first automation is rarely the most impressive one. It is the one your team stops thinking about within a month because it simply works.</blockquote>

<h2>What it takes</h2>
<p>Most of these workflows can be built in four to eight weeks using integration tools your business already pays for, plus a small amount of custom code where an API is missing. The bigger investment is the first two weeks: mapping the current process with the people who run it, agreeing on what done looks like, and deciding who owns the automation once it is live.</p>
<p>If you would like a second opinion on where to start, our free 30-minute consultation is built for exactly that conversation.</p>`;

const POST_2_HTML = `<p>Our client, a family-owned food and beverage distributor supplying around 1,400 restaurants and independent grocers across the Northeast, asked us not to use their name. Their problem, though, will be familiar to almost any distributor: a finance team buried in paper.</p>

<h2>The challenge</h2>
<p>The accounts payable team of four processed roughly 3,200 supplier invoices a month. Invoices arrived by email as PDFs, as scanned paper from the warehouse, and occasionally as photos taken on a driver's phone. Each one was keyed into the ERP by hand, matched against a purchase order and a goods receipt, and sent for approval by email.</p>
<ul>
<li>Average time from receipt to approval was <strong>6.5 business days</strong>.</li>
<li>Early-payment discounts worth roughly 2 percent were being missed on about a third of eligible invoices.</li>
<li>Month-end close regularly slipped by two or three days while the team caught up.</li>
</ul>

<h2>What we built</h2>
<p>Over seven weeks we built a pipeline around the tools they already had: their ERP, a shared mailbox and Microsoft Teams.</p>
<h3>Capture and extraction</h3>
<p>Every incoming invoice, whatever its format, is collected in one queue. A document-extraction model reads supplier, invoice number, dates, line items and totals, and attaches a confidence score to every field.</p>
<h3>Three-way matching</h3>
<p>The extracted invoice is matched against the purchase order and the warehouse receipt in the ERP. Quantity and price tolerances were agreed with the controller up front: small rounding differences pass, anything larger is flagged.</p>
<h3>Exceptions to a person, not a queue</h3>
<p>Invoices that fail a match or have a low-confidence field go to the right approver in Teams, with the mismatch highlighted and the source document one click away. Approvals are recorded back in the ERP with a full audit trail.</p>

<h2>The results</h2>
<p>We measured the same metrics for eight weeks before launch and twelve weeks after.</p>
<ul>
<li>Receipt-to-approval time fell from 6.5 to 1.8 business days, a <strong>72 percent reduction</strong>.</li>
<li><strong>81 percent</strong> of invoices now post without anyone touching them.</li>
<li>Captured early-payment discounts are on track to save about $140,000 a year, more than covering the project cost in the first year.</li>
<li>Month-end close now finishes on schedule, and nobody was let go: two of the four AP specialists moved into vendor management and cash-flow analysis.</li>
</ul>

<blockquote>“We used to spend the first week of every month catching up. Now the invoices that reach us are the ones that genuinely need a decision.” — Financial controller at the distributor</blockquote>

<h2>What we learned</h2>
<p><strong>Agree on tolerances before writing code.</strong> The single most useful workshop was the one where finance decided what counts as a match. It turned a vague goal into rules we could test.</p>
<p><strong>Confidence scores matter more than raw accuracy.</strong> An extraction model that knows when it is unsure is far more useful than one that is slightly more accurate but always confident.</p>
<p><strong>Design for the exceptions.</strong> The remaining 19 percent of invoices are where people spend their time, so we spent as much effort on the review screen as on the automation itself.</p>
<p>If your finance team is facing a similar backlog, we are happy to walk through how this approach would fit your systems.</p>`;

const POST_3_HTML = `<p>Many of the students who join Arcline Academy are analysts, operations managers and finance professionals who already live in spreadsheets. They are closer to machine learning than they think. Pivot tables, lookups and charts are the same ideas that data science is built on; what changes is the tooling and the scale. This is the twelve-week roadmap we recommend to anyone making that move, whether they study with us or on their own.</p>

<h2>Weeks 1 to 3: Python and pandas</h2>
<p>Start with just enough Python to be dangerous: variables, lists, dictionaries, loops and functions. Then move straight to pandas, the library that will replace most of what you do in a spreadsheet.</p>
<ul>
<li>Load a CSV you already know well, ideally a report from your own job.</li>
<li>Recreate three things you normally do in a spreadsheet: a filter, a pivot table and a lookup.</li>
<li>Learn to use Jupyter notebooks so you can see your results as you go.</li>
</ul>
<p><strong>Milestone:</strong> rebuild one recurring spreadsheet report entirely in Python.</p>

<h2>Weeks 4 to 6: Statistics and visualization</h2>
<p>Machine learning is applied statistics, so spend three weeks on the essentials: distributions, averages and spread, correlation, sampling and the idea of a confidence interval. Pair the theory with plots in matplotlib or seaborn; a histogram teaches you more about a column than any summary number.</p>
<p><strong>Milestone:</strong> a short written analysis of a public dataset, with five charts and a clear conclusion.</p>

<h2>Weeks 7 to 9: Your first models</h2>
<p>Now bring in scikit-learn. Begin with linear regression and logistic regression, then decision trees and random forests. The algorithms matter less than the workflow around them:</p>
<ul>
<li>split your data into training and test sets before you look too closely;</li>
<li>start with a simple baseline so you know what good looks like;</li>
<li>choose a metric that matches the business question, not just accuracy; and</li>
<li>check where the model is wrong, not only how often.</li>
</ul>
<p><strong>Milestone:</strong> a model that beats a sensible baseline on a problem you care about, such as predicting late payments or customer churn.</p>

<h2>Weeks 10 to 12: A project that proves it</h2>
<p>Pick one problem from your own work and take it from raw data to a result someone else can use. Clean the data, build and compare two or three models, and present your findings in plain language to a non-technical audience. This is the piece of work that will open doors, because it shows you can connect a model to a decision.</p>

<blockquote>Employers rarely ask which algorithms you know. They ask what problem you solved and how you knew it worked.</blockquote>

<h2>Habits that make the difference</h2>
<ul>
<li><strong>Code a little every day.</strong> Thirty minutes daily beats a five-hour weekend session.</li>
<li><strong>Use your own data.</strong> Familiar data lets you spot mistakes that tutorials hide.</li>
<li><strong>Write down what you learn.</strong> A short weekly note becomes your portfolio and your interview preparation.</li>
<li><strong>Find people to learn with.</strong> A study group or cohort keeps you going through the difficult middle weeks.</li>
</ul>
<p>Our Machine Learning Fundamentals course and Data Science Bootcamp follow this same sequence with live instruction, mentoring and a reviewed capstone. If you are unsure which fits you, an advisor can help you choose.</p>`;

const POST_4_HTML = `<p>This year we deployed more AI agents into production than in the previous three years combined: support assistants, ticket triage, internal knowledge search, and a handful of agents that take real actions in client systems. Some exceeded expectations. A few were quietly scaled back. Here is what separated the two.</p>

<h2>Narrow agents win</h2>
<p>The agents that succeeded had one job and a short list of tools. An assistant that answers order-status questions and can look up an order, issue a return label and escalate to a person is easy to test, easy to explain and easy to trust. The agents that struggled were pitched as general assistants for a whole department. Every extra responsibility multiplies the number of ways things can go wrong.</p>

<h2>Tools beat prompts</h2>
<p>Early on we spent a lot of time tuning prompts. The bigger gains came from better tools: clear function names, strict input schemas, helpful error messages and responses that contain only what the model needs. When an agent misbehaved, the fix was usually in the tool it called, not in the instructions it was given.</p>

<h2>Evaluation is the real product</h2>
<p>Before any agent goes live we now build an evaluation set of 150 to 300 real conversations or tasks, each with an agreed correct outcome. Every change, whether a new model version, a prompt edit or a new tool, runs against that set before it ships.</p>
<ul>
<li>It turns debates about quality into numbers.</li>
<li>It catches regressions when model providers update their models.</li>
<li>It gives clients a clear acceptance test for the project.</li>
</ul>

<h2>Design the handoff first</h2>
<p>The most important feature of a customer-facing agent is knowing when to stop. We define escalation rules up front: billing disputes, complaints, anything involving health or safety, and any request the agent has failed twice. When it hands off, the person picking up the conversation sees a summary and everything the agent already tried, so the customer never has to repeat themselves.</p>

<blockquote>Customers forgive an assistant that says it will get a person to help. They do not forgive one that confidently gets it wrong.</blockquote>

<h2>Watch cost and latency from day one</h2>
<p>A multi-step agent can call a model five or ten times for a single request. That adds up in both money and waiting time. We log cost and response time per conversation, use smaller models for routine steps such as classification, and reserve the most capable models for the steps that need them. On one support deployment this cut cost per conversation by more than half with no measurable drop in quality.</p>

<h2>What did not change</h2>
<p>For all the progress in models this year, the fundamentals of a good project look the same as ever: a clear business outcome, clean access to the right data, people who own the system after launch, and monitoring that tells you when something drifts. Agents make more things possible, but they do not make those basics optional.</p>

<h2>Where we go from here</h2>
<p>Looking ahead, we expect more agents that work alongside people inside existing tools rather than in a separate chat window, and far more attention on evaluation and governance as these systems take on real responsibility. If you are planning your first agent, start small, measure everything and design the handoff before anything else.</p>`;

const POST_5_HTML = `<p>Every Data Science Bootcamp cohort ends with a capstone project built on real data from a real organization. This fall, one student team partnered with a neighborhood bakery in Brooklyn that was throwing away an uncomfortable amount of bread every evening while still selling out of its most popular loaves before noon on weekends.</p>

<h2>The problem</h2>
<p>The owner planned each day's bake from memory and a paper notebook. That works most days, but weather, holidays and local events made demand swing widely. The team framed the question simply: how many of each product should be baked tomorrow morning to reduce waste without running out of bestsellers?</p>

<h2>The data</h2>
<p>The bakery's point-of-sale system had two years of transactions. The team combined daily sales per product with:</p>
<ul>
<li>daily weather forecasts and observed rainfall;</li>
<li>public holidays and school calendars;</li>
<li>a calendar of local events such as street fairs and farmers markets; and</li>
<li>the owner's notebook, which the team digitized to recover daily waste figures.</li>
</ul>
<p>The hardest part was not modeling. Sell-out days hid true demand, because the register only recorded what was sold, not what customers wanted. The team flagged those days and treated their sales as a lower bound rather than the real figure.</p>

<h2>The model</h2>
<p>They compared three approaches against the owner's existing plan: a same-day-last-week baseline, a seasonal time-series model, and a gradient-boosted model using weather and calendar features. The gradient-boosted model performed best, reducing average forecast error by about 30 percent compared with the baseline on the final three months of data.</p>
<p>Because over-baking and under-baking have different costs, the team turned each forecast into a bake recommendation using the product's margin and ingredient cost, so that high-margin loaves lean toward enough stock while slow sellers lean toward less waste.</p>

<h2>The result</h2>
<p>The owner now receives a one-page bake plan by email each evening, generated by a small scheduled script. In a four-week trial, daily waste fell by roughly a quarter and weekend sell-outs of the two bestsellers dropped from most Saturdays to one.</p>

<blockquote>“I still adjust the plan by hand some mornings, but now I am adjusting a good starting point instead of guessing.” — The bakery's owner</blockquote>

<h2>What the team took away</h2>
<ul>
<li><strong>Talk to the person who knows the business.</strong> The owner's notebook turned out to be the most valuable dataset in the project.</li>
<li><strong>Missing demand is still data.</strong> Handling sell-out days properly mattered more than the choice of algorithm.</li>
<li><strong>Deliver the answer where it is needed.</strong> An email the owner reads at closing time beat a dashboard nobody would open.</li>
</ul>
<p>Congratulations to the team on an excellent capstone. Projects like this are why every Arcline Academy course ends with work on real data.</p>`;

/** The seeded posts, as the contract takes them (seed.ts parses each with blogPostInput). */
export const seedBlogPosts: (BlogPostInput & { id: string; created_at: string })[] = [
  {
    id: "post-1",
    title: "Five Back-Office Workflows to Automate Before Anything Else",
    slug: "five-back-office-workflows-to-automate-before-anything-else",
    content: POST_1_HTML,
    excerpt:
      "After more than 500 automation projects, the best first wins cluster around the same few workflows. Here are five that pay off quickly, and a simple way to choose between them.",
    category: "automation",
    featured_image_url: "",
    author_name: "Daniel Reyes",
    is_published: true,
    created_at: "2026-08-14T09:00:00.000Z",
  },
  {
    id: "post-2",
    title: "How a Regional Distributor Cut Invoice Processing Time by 72 Percent",
    slug: "how-a-regional-distributor-cut-invoice-processing-time-by-72-percent",
    content: POST_2_HTML,
    excerpt: "A Northeast food distributor was processing 3,200 supplier invoices a month by hand. Seven weeks later, 81 percent post without a human touch.",
    category: "case-studies",
    featured_image_url: "",
    author_name: "Priya Raman",
    is_published: true,
    created_at: "2026-09-10T14:30:00.000Z",
  },
  {
    id: "post-3",
    title: "From Spreadsheets to Machine Learning: A 12-Week Roadmap",
    slug: "from-spreadsheets-to-machine-learning-a-12-week-roadmap",
    content: POST_3_HTML,
    excerpt: "",
    category: "learning-guides",
    featured_image_url: "",
    author_name: "Maya Okafor",
    is_published: true,
    created_at: "2026-10-06T10:00:00.000Z",
  },
  {
    id: "post-4",
    title: "What We Learned Shipping AI Agents Into Production This Year",
    slug: "what-we-learned-shipping-ai-agents-into-production-this-year",
    content: POST_4_HTML,
    excerpt: "Narrow scope, good tools, real evaluation sets and a well-designed handoff: the lessons that separated the agents that thrived from the ones we scaled back.",
    category: "ai-trends",
    featured_image_url: "",
    author_name: "Tom Lindqvist",
    is_published: true,
    created_at: "2026-10-27T13:15:00.000Z",
  },
  {
    id: "post-5",
    title: "Student Showcase: Forecasting Demand for a Neighborhood Bakery",
    slug: "student-showcase-forecasting-demand-for-a-neighborhood-bakery",
    content: POST_5_HTML,
    excerpt: "A Data Science Bootcamp team used two years of sales, weather and a handwritten notebook to cut a Brooklyn bakery's daily waste by about a quarter.",
    category: "student-projects",
    featured_image_url: "",
    author_name: "Maya Okafor",
    is_published: false,
    created_at: "2026-11-12T11:00:00.000Z",
  },
];
