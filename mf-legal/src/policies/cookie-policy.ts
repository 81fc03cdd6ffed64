import type { PolicyDocument } from './policy-document';

export const cookiePolicy: PolicyDocument = {
  id: 'cookie-policy',
  title: 'Cookie Policy',
  lastUpdated: '2026-11-28',
  summary:
    'This policy explains how Crease uses cookies, local storage and similar technologies, what each one does, and how you can control them.',
  sections: [
    {
      id: 'about-this-policy',
      heading: 'About this policy',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Crease is operated by Crease Streaming Ltd ("Crease", "we", "us" or "our"). This Cookie Policy applies to the Crease website and player and should be read together with our Privacy Policy, which explains more about how we handle personal data.',
        },
      ],
    },
    {
      id: 'what-are-cookies',
      heading: 'What cookies and local storage are',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Cookies are small text files that a website asks your browser to store on your device. They are sent back to the website on later requests, which lets it recognise your browser, for example to keep you signed in.',
        },
        {
          kind: 'paragraph',
          text: 'Local storage and session storage are similar technologies built into your browser. They let a website save small pieces of information on your device that stay there until they are deleted (local storage) or until you close the tab (session storage). Unlike cookies, they are not sent automatically with every request.',
        },
        {
          kind: 'paragraph',
          text: 'In this policy we use the word "cookies" to cover all of these technologies unless we say otherwise.',
        },
      ],
    },
    {
      id: 'how-we-use-cookies',
      heading: 'How we use cookies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We use a small number of cookies, grouped into three categories:',
        },
        {
          kind: 'list',
          items: [
            'Strictly necessary: needed to sign you in, keep your account secure and make the service work.',
            'Analytics: first-party page view measurement that helps us understand and improve the website.',
            'Bot protection: used by our invisible bot-check service to protect sign-up, sign-in and payment pages from automated abuse.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'We do not use advertising cookies, and we do not allow third parties to use cookies on Crease to track you across other websites for advertising.',
        },
      ],
    },
    {
      id: 'strictly-necessary',
      heading: 'Strictly necessary cookies and storage',
      blocks: [
        {
          kind: 'paragraph',
          text: 'These are essential for the service to work and cannot be switched off in our systems. Because they are needed to provide the service you asked for, we do not need your consent to use them. They include:',
        },
        {
          kind: 'list',
          items: [
            'access_token (local storage): a short-lived token that proves you are signed in when you browse events and start streams. It is replaced regularly and removed when you sign out.',
            'refresh_token (local storage): a longer-lived token used to get a new access token without asking you to sign in again. It is removed when you sign out or when your session ends.',
            'XSRF-TOKEN (cookie): a security cookie that protects you against cross-site request forgery, a type of attack in which another website tries to make your browser perform actions on your Crease account without your knowledge. It lasts for your browsing session.',
            'sessionExpired (browser storage): a temporary marker that records that your session has timed out, so we can show you a clear message and ask you to sign in again. It is cleared once you sign back in.',
            'crease_consent (cookie): remembers your cookie choice (Accept, Reject all or your settings) for 6 months, so that we do not ask again on every visit. It is kept when you sign out.',
            "Device registration (our servers): the device identifier we register for each browser you watch on, so that your plan's device and stream limits apply.",
            'forwarded (browser storage): a temporary marker that records that you have been redirected, for example to sign in or to complete payment, so we can return you to the page you were on and avoid redirect loops. It is cleared once it has been used.',
          ],
        },
      ],
    },
    {
      id: 'analytics',
      heading: 'Analytics',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We measure page views using our own first-party analytics. When you view a page, we record the page visited, the time, and basic technical information such as your browser type. This data is stored on our own systems, is not shared with advertising networks and is used in aggregate to understand which pages are popular and where the website can be improved.',
        },
        {
          kind: 'paragraph',
          text: 'Where the law requires your consent for analytics, we will ask for it and only record page views once you have agreed. You can change your choice at any time.',
        },
      ],
    },
    {
      id: 'your-choices',
      heading: 'Your choices and what each allows',
      blocks: [
        {
          kind: 'paragraph',
          text: 'If you visit from the European Union, the European Economic Area, the United Kingdom or Switzerland, we ask on your first visit, before any page view is recorded. You can choose:',
        },
        {
          kind: 'list',
          items: [
            'Accept: strictly necessary cookies and storage, bot protection, and first-party analytics page views.',
            'Reject all: strictly necessary cookies and storage and bot protection only. No page view is recorded, and no third-party script is loaded.',
            'Settings: strictly necessary cookies and storage and bot protection, plus analytics only if you tick it. The analytics box is never ticked for you.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'Elsewhere we record first-party page views unless you turn them off. Wherever you are, you can change your choice at any time with "Cookie settings" at the foot of every page.',
        },
      ],
    },
    {
      id: 'bot-check',
      heading: 'Bot protection',
      blocks: [
        {
          kind: 'paragraph',
          text: 'Our invisible bot-check service helps us tell real viewers apart from automated traffic such as credential-stuffing attacks, fake sign-ups and scrapers. On the pages where it runs, it may set its own cookies or read information from your browser and device in order to calculate a score that shows how likely a request is to come from a bot.',
        },
        {
          kind: 'paragraph',
          text: 'We treat bot protection as necessary for the security of the service. If you block it, you may be unable to sign up, sign in or complete payment.',
        },
      ],
    },
    {
      id: 'controlling-cookies',
      heading: 'How to control cookies',
      blocks: [
        {
          kind: 'paragraph',
          text: 'You can manage cookies and local storage in several ways:',
        },
        {
          kind: 'list',
          items: [
            'Use your browser settings to view, block or delete cookies and site data. Browsers usually explain how in their help pages.',
            'Sign out of Crease to remove your access_token and refresh_token from the browser you are using.',
            'Use a private or incognito window, which clears cookies and local storage when you close it.',
            'Change your analytics choice with "Cookie settings" at the foot of every page.',
          ],
        },
        {
          kind: 'paragraph',
          text: 'If you block or delete strictly necessary cookies or storage, you will be signed out and some parts of the service, such as signing in, managing your plan and watching live streams, will not work.',
        },
      ],
    },
    {
      id: 'changes-and-contact',
      heading: 'Changes to this policy and contact',
      blocks: [
        {
          kind: 'paragraph',
          text: 'We may update this policy when we change the cookies we use or when the law changes. We will update the date at the top of this page, and if we start using a new category of cookies we will tell you and, where required, ask for your consent.',
        },
        {
          kind: 'paragraph',
          text: 'If you have any questions about our use of cookies, please email privacy@crease.example.',
        },
      ],
    },
  ],
};
