// The page view's form rules, loaded with zod the first time a form is checked (decision 013).
import { CreateNote, CreateRelatedPage, CreateReview } from "@flipside/contracts/discussion";
import { zodResolver } from "@hookform/resolvers/zod";

export const noteRules = zodResolver(CreateNote);
export const reviewRules = zodResolver(CreateReview);
export const relatedPageRules = zodResolver(CreateRelatedPage);
